// The contract's own minimal requests and a typed read of a state, checked with `tsc --noEmit`
// against types generated from openapi.yaml by openapi-typescript with its default options
// (tests/test_openapi_tools.py generates `./api` next to a copy of this file).
import type { components, operations } from "./api";

type Schemas = components["schemas"];

// --- requests with only what the contract requires: fields with defaults stay optional ----
export const deal: Schemas["DealRequest"] = { players: ["ana", "ben"] };
export const seeded: Schemas["DealRequest"] = { players: ["ana", "ben"], seed: 7, rules: { preset: "basic" } };
export const check: Schemas["MeldCheckRequest"] = { cards: ["Q♠", "K♠", "A♠"] };
export const layOff: Schemas["MeldCheckRequest"] = { cards: ["8S"], onto: ["5S", "6S", "7S"], rules: { aces: "high_or_low" } };
export const score: Schemas["HandScoreRequest"] = { remaining: { ben: ["KC", "QD", "9S", "AC"] } };
export const pad: Schemas["ScorepadRequest"] = {
  players: ["Ana", "Ben", "Cy"],
  hands: [{ winner: "Ana", remaining: { Ben: { cards: ["KC", "QD"] }, Cy: { points: 12 } } }, { draw: true }],
};

// A minimal State: players with their hands, the stock and the discard pile.
export const state: Schemas["State"] = {
  players: [{ id: "ana", hand: ["4H", "5H", "6H"] }, { id: "ben", hand: ["KC", "2D", "9C"] }],
  stock: ["3C"],
  discard: ["7D"],
};
export const withTurn: Schemas["State"] = { ...state, turn: { player: "ana" }, melds: [{ id: "m1", cards: ["8S", "8H", "8D"] }] };

// Moves: one shape per action.
const draw: Schemas["Move"] = { player: "ana", action: "draw", source: "stock" };
const meld: Schemas["Move"] = { player: "ana", action: "meld", cards: ["8S", "8H", "8D"] };
const layoff: Schemas["Move"] = { player: "ana", action: "lay_off", cards: ["7H"] };
const discard: Schemas["Move"] = { player: "ana", action: "discard", card: "KC" };
export const one: Schemas["MoveRequest"] = { state, move: draw };
export const many: Schemas["MoveRequest"] = { state, moves: [draw, meld, layoff, discard] };
export const legal: operations["legalMoves"]["requestBody"] = { content: { "application/json": { state } } };

// @ts-expect-error a discard takes a card, not a source
export const wrongDiscard: Schemas["Move"] = { player: "ana", action: "discard", source: "stock", card: "KC" };
// @ts-expect-error a draw needs its source
export const sourceless: Schemas["Move"] = { player: "ana", action: "draw" };

// --- a typed read of an answer: no field is "maybe undefined" ------------------------------
type MoveAnswer = operations["move"]["responses"]["200"]["content"]["application/json"];

export function describe(answer: MoveAnswer): string {
  const s: Schemas["StateOut"] = answer.state;
  const mover: string = s.turn.player;
  const phase: "draw" | "play" = s.turn.phase;
  const taken: string | null = s.turn.taken_discard;
  const dealer: string = s.dealer;
  const cardsInHand: number[] = s.players.map((p) => p.hand.length);
  const tabled: boolean[] = s.players.map((p) => p.tabled);
  const melds: string[] = s.melds.map((m) => `${m.id} ${m.kind} ${m.owner ?? "nobody"}`);
  const limit: number | null = s.rules.melds_per_turn;
  const codes: string[] = answer.reasons.map((r) => `${r.code}: ${r.message} (${r.rule ?? "-"})`);
  let end = "playing";
  const result = answer.result;
  if (result !== null) {
    if (result.outcome === "out") {
      const winner: string = result.winner;
      const doubled: number = result.multiplier; // 1, or the multiplier the rules give going rummy (R15)
      end = `${winner} went out for ${result.points} (x${doubled}), ${Object.keys(result.remaining).length} opponents`;
    } else {
      const nothing: number = result.points;
      end = `drawn hand, ${nothing} points`;
    }
  }
  return [mover, phase, taken, dealer, cardsInHand.join(), tabled.join(), melds.join(), limit, codes.join(), s.status, s.stock.length, end].join(" ");
}

export function legalMoves(answer: Schemas["LegalMovesResponse"]): string[] {
  return answer.moves.map((m) => {
    switch (m.action) {
      case "draw": return `draw from ${m.source}`;
      case "meld": return `meld ${m.cards.join(" ")}`;
      case "lay_off": return `lay off ${m.cards.join(" ")} on ${m.meld}`;
      case "discard": return `discard ${m.card}`;
    }
  });
}

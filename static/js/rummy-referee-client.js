// node_modules/openapi-fetch/dist/index.mjs
var PATH_PARAM_RE = /\{[^{}]+\}/g;
var supportsRequestInitExt = () => {
  return typeof process === "object" && Number.parseInt(process?.versions?.node?.substring(0, 2)) >= 18 && process.versions.undici;
};
function randomID() {
  return Math.random().toString(36).slice(2, 11);
}
function createClient(clientOptions) {
  let {
    baseUrl = "",
    Request: CustomRequest = globalThis.Request,
    fetch: baseFetch = globalThis.fetch,
    querySerializer: globalQuerySerializer,
    bodySerializer: globalBodySerializer,
    pathSerializer: globalPathSerializer,
    headers: baseHeaders,
    requestInitExt = void 0,
    ...baseOptions
  } = { ...clientOptions };
  requestInitExt = supportsRequestInitExt() ? requestInitExt : void 0;
  baseUrl = removeTrailingSlash(baseUrl);
  const globalMiddlewares = [];
  async function coreFetch(schemaPath, fetchOptions) {
    const {
      baseUrl: localBaseUrl,
      fetch = baseFetch,
      Request = CustomRequest,
      headers,
      params = {},
      parseAs = "json",
      querySerializer: requestQuerySerializer,
      bodySerializer = globalBodySerializer ?? defaultBodySerializer,
      pathSerializer: requestPathSerializer,
      body,
      middleware: requestMiddlewares = [],
      ...init
    } = fetchOptions || {};
    let finalBaseUrl = baseUrl;
    if (localBaseUrl) {
      finalBaseUrl = removeTrailingSlash(localBaseUrl) ?? baseUrl;
    }
    let querySerializer = typeof globalQuerySerializer === "function" ? globalQuerySerializer : createQuerySerializer(globalQuerySerializer);
    if (requestQuerySerializer) {
      querySerializer = typeof requestQuerySerializer === "function" ? requestQuerySerializer : createQuerySerializer({
        ...typeof globalQuerySerializer === "object" ? globalQuerySerializer : {},
        ...requestQuerySerializer
      });
    }
    const pathSerializer = requestPathSerializer || globalPathSerializer || defaultPathSerializer;
    const serializedBody = body === void 0 ? void 0 : bodySerializer(
      body,
      // Note: we declare mergeHeaders() both here and below because it’s a bit of a chicken-or-egg situation:
      // bodySerializer() needs all headers so we aren’t dropping ones set by the user, however,
      // the result of this ALSO sets the lowest-priority content-type header. So we re-merge below,
      // setting the content-type at the very beginning to be overwritten.
      // Lastly, based on the way headers work, it’s not a simple “present-or-not” check becauase null intentionally un-sets headers.
      mergeHeaders(baseHeaders, headers, params.header)
    );
    const finalHeaders = mergeHeaders(
      // with no body, we should not to set Content-Type
      serializedBody === void 0 || // if serialized body is FormData; browser will correctly set Content-Type & boundary expression
      serializedBody instanceof FormData ? {} : {
        "Content-Type": "application/json"
      },
      baseHeaders,
      headers,
      params.header
    );
    const finalMiddlewares = [...globalMiddlewares, ...requestMiddlewares];
    const requestInit = {
      redirect: "follow",
      ...baseOptions,
      ...init,
      body: serializedBody,
      headers: finalHeaders
    };
    let id;
    let options;
    let request = new Request(
      createFinalURL(schemaPath, { baseUrl: finalBaseUrl, params, querySerializer, pathSerializer }),
      requestInit
    );
    let response;
    for (const key in init) {
      if (!(key in request)) {
        request[key] = init[key];
      }
    }
    if (finalMiddlewares.length) {
      id = randomID();
      options = Object.freeze({
        baseUrl: finalBaseUrl,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer
      });
      for (const m of finalMiddlewares) {
        if (m && typeof m === "object" && typeof m.onRequest === "function") {
          const result = await m.onRequest({
            request,
            schemaPath,
            params,
            options,
            id
          });
          if (result) {
            if (result instanceof Request) {
              request = result;
            } else if (result instanceof Response) {
              response = result;
              break;
            } else {
              throw new Error("onRequest: must return new Request() or Response() when modifying the request");
            }
          }
        }
      }
    }
    if (!response) {
      try {
        response = await fetch(request, requestInitExt);
      } catch (error2) {
        let errorAfterMiddleware = error2;
        if (finalMiddlewares.length) {
          for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
            const m = finalMiddlewares[i];
            if (m && typeof m === "object" && typeof m.onError === "function") {
              const result = await m.onError({
                request,
                error: errorAfterMiddleware,
                schemaPath,
                params,
                options,
                id
              });
              if (result) {
                if (result instanceof Response) {
                  errorAfterMiddleware = void 0;
                  response = result;
                  break;
                }
                if (result instanceof Error) {
                  errorAfterMiddleware = result;
                  continue;
                }
                throw new Error("onError: must return new Response() or instance of Error");
              }
            }
          }
        }
        if (errorAfterMiddleware) {
          throw errorAfterMiddleware;
        }
      }
      if (finalMiddlewares.length) {
        for (let i = finalMiddlewares.length - 1; i >= 0; i--) {
          const m = finalMiddlewares[i];
          if (m && typeof m === "object" && typeof m.onResponse === "function") {
            const result = await m.onResponse({
              request,
              response,
              schemaPath,
              params,
              options,
              id
            });
            if (result) {
              if (!(result instanceof Response)) {
                throw new Error("onResponse: must return new Response() when modifying the response");
              }
              response = result;
            }
          }
        }
      }
    }
    const contentLength = response.headers.get("Content-Length");
    if (response.status === 204 || request.method === "HEAD" || contentLength === "0" && !response.headers.get("Transfer-Encoding")?.includes("chunked")) {
      return response.ok ? { data: void 0, response } : { error: void 0, response };
    }
    if (response.ok) {
      const getResponseData = async () => {
        if (parseAs === "stream") {
          return response.body;
        }
        if (parseAs === "json" && !contentLength) {
          const raw = await response.text();
          return raw ? JSON.parse(raw) : void 0;
        }
        return await response[parseAs]();
      };
      return { data: await getResponseData(), response };
    }
    let error = await response.text();
    try {
      error = JSON.parse(error);
    } catch {
    }
    return { error, response };
  }
  return {
    request(method, url, init) {
      return coreFetch(url, { ...init, method: method.toUpperCase() });
    },
    /** Call a GET endpoint */
    GET(url, init) {
      return coreFetch(url, { ...init, method: "GET" });
    },
    /** Call a PUT endpoint */
    PUT(url, init) {
      return coreFetch(url, { ...init, method: "PUT" });
    },
    /** Call a POST endpoint */
    POST(url, init) {
      return coreFetch(url, { ...init, method: "POST" });
    },
    /** Call a DELETE endpoint */
    DELETE(url, init) {
      return coreFetch(url, { ...init, method: "DELETE" });
    },
    /** Call a OPTIONS endpoint */
    OPTIONS(url, init) {
      return coreFetch(url, { ...init, method: "OPTIONS" });
    },
    /** Call a HEAD endpoint */
    HEAD(url, init) {
      return coreFetch(url, { ...init, method: "HEAD" });
    },
    /** Call a PATCH endpoint */
    PATCH(url, init) {
      return coreFetch(url, { ...init, method: "PATCH" });
    },
    /** Call a TRACE endpoint */
    TRACE(url, init) {
      return coreFetch(url, { ...init, method: "TRACE" });
    },
    /** Register middleware */
    use(...middleware) {
      for (const m of middleware) {
        if (!m) {
          continue;
        }
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        }
        globalMiddlewares.push(m);
      }
    },
    /** Unregister middleware */
    eject(...middleware) {
      for (const m of middleware) {
        const i = globalMiddlewares.indexOf(m);
        if (i !== -1) {
          globalMiddlewares.splice(i, 1);
        }
      }
    }
  };
}
function serializePrimitiveParam(name, value, options) {
  if (value === void 0 || value === null) {
    return "";
  }
  if (typeof value === "object") {
    throw new Error(
      "Deeply-nested arrays/objects aren\u2019t supported. Provide your own `querySerializer()` to handle these."
    );
  }
  return `${name}=${options?.allowReserved === true ? value : encodeURIComponent(value)}`;
}
function serializeObjectParam(name, value, options) {
  if (!value || typeof value !== "object") {
    return "";
  }
  const values = [];
  const joiner = {
    simple: ",",
    label: ".",
    matrix: ";"
  }[options.style] || "&";
  if (options.style !== "deepObject" && options.explode === false) {
    for (const k in value) {
      values.push(k, options.allowReserved === true ? value[k] : encodeURIComponent(value[k]));
    }
    const final2 = values.join(",");
    switch (options.style) {
      case "form": {
        return `${name}=${final2}`;
      }
      case "label": {
        return `.${final2}`;
      }
      case "matrix": {
        return `;${name}=${final2}`;
      }
      default: {
        return final2;
      }
    }
  }
  for (const k in value) {
    const finalName = options.style === "deepObject" ? `${name}[${k}]` : k;
    values.push(serializePrimitiveParam(finalName, value[k], options));
  }
  const final = values.join(joiner);
  return options.style === "label" || options.style === "matrix" ? `${joiner}${final}` : final;
}
function serializeArrayParam(name, value, options) {
  if (!Array.isArray(value)) {
    return "";
  }
  if (options.explode === false) {
    const joiner2 = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" }[options.style] || ",";
    const final = (options.allowReserved === true ? value : value.map((v) => encodeURIComponent(v))).join(joiner2);
    switch (options.style) {
      case "simple": {
        return final;
      }
      case "label": {
        return `.${final}`;
      }
      case "matrix": {
        return `;${name}=${final}`;
      }
      // case "spaceDelimited":
      // case "pipeDelimited":
      default: {
        return `${name}=${final}`;
      }
    }
  }
  const joiner = { simple: ",", label: ".", matrix: ";" }[options.style] || "&";
  const values = [];
  for (const v of value) {
    if (options.style === "simple" || options.style === "label") {
      values.push(options.allowReserved === true ? v : encodeURIComponent(v));
    } else {
      values.push(serializePrimitiveParam(name, v, options));
    }
  }
  return options.style === "label" || options.style === "matrix" ? `${joiner}${values.join(joiner)}` : values.join(joiner);
}
function createQuerySerializer(options) {
  return function querySerializer(queryParams) {
    const search = [];
    if (queryParams && typeof queryParams === "object") {
      for (const name in queryParams) {
        const value = queryParams[name];
        if (value === void 0 || value === null) {
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length === 0) {
            continue;
          }
          search.push(
            serializeArrayParam(name, value, {
              style: "form",
              explode: true,
              ...options?.array,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        if (typeof value === "object") {
          search.push(
            serializeObjectParam(name, value, {
              style: "deepObject",
              explode: true,
              ...options?.object,
              allowReserved: options?.allowReserved || false
            })
          );
          continue;
        }
        search.push(serializePrimitiveParam(name, value, options));
      }
    }
    return search.join("&");
  };
}
function defaultPathSerializer(pathname, pathParams) {
  let nextURL = pathname;
  for (const match of pathname.match(PATH_PARAM_RE) ?? []) {
    let name = match.substring(1, match.length - 1);
    let explode = false;
    let style = "simple";
    if (name.endsWith("*")) {
      explode = true;
      name = name.substring(0, name.length - 1);
    }
    if (name.startsWith(".")) {
      style = "label";
      name = name.substring(1);
    } else if (name.startsWith(";")) {
      style = "matrix";
      name = name.substring(1);
    }
    if (!pathParams || pathParams[name] === void 0 || pathParams[name] === null) {
      continue;
    }
    const value = pathParams[name];
    if (Array.isArray(value)) {
      nextURL = nextURL.replace(match, serializeArrayParam(name, value, { style, explode }));
      continue;
    }
    if (typeof value === "object") {
      nextURL = nextURL.replace(match, serializeObjectParam(name, value, { style, explode }));
      continue;
    }
    if (style === "matrix") {
      nextURL = nextURL.replace(match, `;${serializePrimitiveParam(name, value)}`);
      continue;
    }
    nextURL = nextURL.replace(match, style === "label" ? `.${encodeURIComponent(value)}` : encodeURIComponent(value));
  }
  return nextURL;
}
function defaultBodySerializer(body, headers) {
  if (body instanceof FormData) {
    return body;
  }
  if (headers) {
    const contentType = headers.get instanceof Function ? headers.get("Content-Type") ?? headers.get("content-type") : headers["Content-Type"] ?? headers["content-type"];
    if (contentType === "application/x-www-form-urlencoded") {
      return new URLSearchParams(body).toString();
    }
  }
  return JSON.stringify(body);
}
function createFinalURL(pathname, options) {
  let finalURL = `${options.baseUrl}${pathname}`;
  if (options.params?.path) {
    finalURL = options.pathSerializer(finalURL, options.params.path);
  }
  let search = options.querySerializer(options.params.query ?? {});
  if (search.startsWith("?")) {
    search = search.substring(1);
  }
  if (search) {
    finalURL += `?${search}`;
  }
  return finalURL;
}
function mergeHeaders(...allHeaders) {
  const finalHeaders = new Headers();
  for (const h of allHeaders) {
    if (!h || typeof h !== "object") {
      continue;
    }
    const iterator = h instanceof Headers ? h.entries() : Object.entries(h);
    for (const [k, v] of iterator) {
      if (v === null) {
        finalHeaders.delete(k);
      } else if (Array.isArray(v)) {
        for (const v2 of v) {
          finalHeaders.append(k, v2);
        }
      } else if (v !== void 0) {
        finalHeaders.set(k, v);
      }
    }
  }
  return finalHeaders;
}
function removeTrailingSlash(url) {
  if (url.endsWith("/")) {
    return url.substring(0, url.length - 1);
  }
  return url;
}

// src/index.ts
var API_VERSION = "1.0.0";
var RefereeError = class extends Error {
  constructor(status, problem, message) {
    super(message ?? problem?.detail ?? `the Rummy Referee answered ${status}`);
    this.name = "RefereeError";
    this.status = status;
    this.problem = problem;
  }
};
var TableUnreadable = class extends RefereeError {
  constructor(status, problem) {
    super(status, problem);
    this.name = "TableUnreadable";
  }
};
var Unanswered = class extends Error {
  constructor(message) {
    super(message);
    this.name = "Unanswered";
  }
};
var RETRY_STATUSES = /* @__PURE__ */ new Set([502, 503, 504]);
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function retryingFetch(options) {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retries = options.retries ?? 3;
  const delay = options.retryDelayMs ?? 250;
  return async (request) => {
    let lastError = null;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) await sleep(delay * 2 ** (attempt - 1));
      try {
        const response = await base(request.clone());
        if (!RETRY_STATUSES.has(response.status) || attempt === retries) return response;
        const after = Number(response.headers.get("Retry-After"));
        if (after > 0) await sleep(Math.min(after, 10) * 1e3 - delay * 2 ** attempt);
        lastError = new Unanswered(`the Rummy Referee answered ${response.status}`);
      } catch (e) {
        lastError = e;
      }
    }
    throw lastError instanceof Unanswered ? lastError : new Unanswered(`no answer from the Rummy Referee: ${String(lastError)}`);
  };
}
function createReferee(options) {
  return createClient({ baseUrl: options.baseUrl, fetch: retryingFetch(options) });
}
function sentEntropy(fairness, player) {
  const sent = fairness.contributions ?? [];
  return sent.length ? sent.find((c) => c.player === player)?.entropy ?? null : fairness.entropy;
}
function newEntropy() {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");
}
var TableSession = class _TableSession {
  constructor(referee, table, seat, player) {
    this.referee = referee;
    this.view = null;
    /** The whole answer of the latest create, move or next hand (its `events`, `summary`, …);
     * null after a catch-up or a refresh. */
    this.lastAnswer = null;
    /** Each hand's expectation, by hand number. */
    this.expectations = /* @__PURE__ */ new Map();
    /** The rules this session asked for (R21), held to every hand's record; null when it joined. */
    this.rules = null;
    this.nextEntropy = null;
    this.table = table;
    this.seat = seat;
    this.player = player;
  }
  /** Asks the service to pledge hand 1's seed (POST /v1/tables/pledge), then draws this
   * session's entropy: so the deck is committed before the entropy exists. A service without a
   * table store makes no pledge (409): the deal is then prepared without one, `unpledged`
   * saying why. */
  static async prepare(referee) {
    const a = await referee.POST("/v1/tables/pledge", { body: {} });
    if (a.response.status === 409) {
      const problem = a.error ?? null;
      return { pledge: null, commitment: null, entropy: newEntropy(), unpledged: problem?.detail ?? "the service makes no pledges" };
    }
    const pledged = _TableSession.ok(a);
    return { pledge: pledged.pledge, commitment: pledged.commitment, entropy: newEntropy(), unpledged: null };
  }
  /** A new table, this session seated as `player`: hand 1 dealt from a pledged seed (see
   * {@link prepare}) with this session's entropy. Answers the session and every human seat
   * (give each other player only theirs). */
  static async create(referee, options) {
    const prepared = options.prepared ?? await _TableSession.prepare(referee);
    const { entropy } = prepared;
    const a = await referee.POST("/v1/tables", {
      body: {
        players: options.players,
        bots: options.bots,
        rules: options.rules,
        dealer: options.dealer,
        seat: options.player,
        entropy,
        ...prepared.pledge === null ? {} : { pledge: prepared.pledge }
      }
    });
    const data = _TableSession.ok(a);
    const seat = data.seats[options.player];
    if (seat === void 0) throw new RefereeError(a.response.status, null, `${options.player} has no seat at this table`);
    const session = new _TableSession(referee, data.table, seat, options.player);
    session.rules = options.rules ?? null;
    session.arrive(data.table, data.view, { entropy, promised: prepared.commitment });
    session.lastAnswer = data;
    return { session, seats: data.seats };
  }
  /** A session for a seat already held (its table and seat), e.g. a second player's device. */
  static async join(referee, table, seat, player) {
    const session = new _TableSession(referee, table, seat, player);
    await session.refresh();
    return session;
  }
  /** The session a page saved ({@link save}); call {@link refresh} to see the table. */
  static restore(referee, saved) {
    const session = new _TableSession(referee, saved.table, saved.seat, saved.player);
    for (const e of saved.expectations) session.expectations.set(e.hand, e);
    session.nextEntropy = saved.nextEntropy;
    session.rules = saved.rules ?? null;
    return session;
  }
  save() {
    return {
      table: this.table,
      seat: this.seat,
      player: this.player,
      expectations: [...this.expectations.values()],
      nextEntropy: this.nextEntropy,
      rules: this.rules
    };
  }
  /** Whether the seat is to move now. */
  get myTurn() {
    return this.view !== null && this.view.status === "playing" && this.view.turn.player === this.player;
  }
  /** The seat's view of the latest table. */
  async refresh() {
    const a = await this.referee.POST("/v1/tables/view", { body: { table: this.table, seat: this.seat } });
    const data = _TableSession.ok(a);
    this.arrive(this.table, data.view, null);
    return data.view;
  }
  /** Play one move (or several in order). Refused moves change nothing; an old token catches up. */
  async move(move) {
    const body = Array.isArray(move) ? { table: this.table, seat: this.seat, moves: move } : { table: this.table, seat: this.seat, move };
    const a = await this.referee.POST("/v1/tables/move", { body });
    const caught = await this.catchUp(a);
    if (caught) return { kind: "caught_up", view: caught };
    const data = _TableSession.ok(a);
    this.arrive(data.table, data.view, null);
    this.lastAnswer = data;
    return data.legal ? { kind: "played", answer: data } : { kind: "refused", answer: data };
  }
  /** Deal the game's next hand with this session's entropy (the same entropy again when the
   * same token is dealt from again, so a retry is the same request). */
  async nextHand() {
    const finished = this.view;
    const promised = finished?.fairness?.next_commitment ?? null;
    const key = promised ?? this.table;
    if (this.nextEntropy === null || this.nextEntropy.table !== key) this.nextEntropy = { table: key, entropy: newEntropy() };
    const { entropy } = this.nextEntropy;
    const a = await this.referee.POST("/v1/tables/next", { body: { table: this.table, seat: this.seat, entropy } });
    const caught = await this.catchUp(a);
    if (caught) return caught;
    const data = _TableSession.ok(a);
    this.arrive(data.table, data.view, { entropy, promised });
    this.lastAnswer = data;
    return data.view;
  }
  /** What the computer opponent of `level` would play from this seat, and why. */
  async suggest(level = "hard") {
    const a = await this.referee.POST("/v1/tables/suggest", { body: { table: this.table, seat: this.seat, level } });
    return _TableSession.ok(a);
  }
  /** Until the seat is to move or the hand is over: the view, asked again every `everyMs`
   * while other people play (computer opponents are played by the service at once). */
  async untilMyTurn(everyMs = 1e3, maxAsks = 600) {
    let view = this.view ?? await this.refresh();
    for (let asked = 0; view.status === "playing" && !this.myTurn && asked < maxAsks; asked += 1) {
      await sleep(everyMs);
      view = await this.refresh();
    }
    return view;
  }
  /** Every expectation this seat knows of `hand`, as POST /v1/verify's `expect`: the entropy
   * it sent, the commitment shown before it sent it (the first one seen when none was), the
   * dealer and the cards it was dealt as its first view showed them, the rules it asked for.
   * What it does not know is left out (and so not checked). */
  expectFor(hand) {
    const e = this.expectations.get(hand);
    const expect = {};
    if (e === void 0) return expect;
    if (e.entropy !== null) expect.entropy = e.entropy;
    expect.commitment = e.promised ?? e.commitment;
    if (e.dealer) expect.dealer = e.dealer;
    if (e.rules) expect.rules = e.rules;
    if (e.dealt !== null) expect.hand = { player: this.player, cards: [...e.dealt] };
    return expect;
  }
  /** Check the deal of the finished hand in view: the service replays it (POST /v1/verify) and
   * compares it with every expectation this seat knows ({@link expectFor}: `expect`), and the
   * session holds it to what else it saw (a commitment that changed during the hand, the
   * commitment promised before its entropy was sent). Nothing this seat did not see is held
   * against the service: a hand first seen after a failed request checks less. */
  async checkDeal() {
    const view = this.view;
    const revealed = view?.result?.fairness;
    if (!view || !revealed) throw new Error("the hand is not over: its deal is revealed when it ends");
    const expect = this.expectFor(view.hand);
    const a = await this.referee.POST("/v1/verify", { body: { fairness: revealed, expect } });
    const answer = _TableSession.ok(a);
    const e = this.expectations.get(view.hand);
    const problems = [...e?.problems ?? []];
    const checked = { commitment: false, entropy: null, dealt: null, promised: null };
    checked.commitment = e !== void 0 && e.commitment === revealed.commitment;
    if (e !== void 0 && !checked.commitment) problems.push(`the hand was dealt under commitment ${e.commitment}, but the reveal shows ${revealed.commitment}`);
    if (e?.entropy != null) {
      checked.entropy = sentEntropy(revealed, this.player) === e.entropy;
      if (!checked.entropy) problems.push("the entropy in the reveal is not the one your device sent");
    }
    const dealt = revealed.record?.dealt[this.player];
    if (e?.dealt != null && dealt !== void 0) {
      checked.dealt = sameCards(dealt, e.dealt);
      if (!checked.dealt) problems.push("the record's deal to you is not the hand you were dealt");
    }
    if (e?.promised != null) {
      checked.promised = e.promised === e.commitment;
      if (!checked.promised) problems.push("this hand's commitment is not the one promised before your entropy was sent");
    }
    const verified = answer.verified && problems.length === 0;
    const summary = [answer.summary, ...problems].join("; ");
    return { hand: view.hand, expect, verified, summary, problems, checked, answer };
  }
  /** The latest table and this seat's view of it, from a 409 on an old token; null for any other answer. */
  async catchUp(a) {
    if (a.response.status !== 409) return null;
    const problem = a.error;
    if (!problem || typeof problem.table !== "string") return null;
    this.table = problem.table;
    if (problem.view) {
      this.arrive(problem.table, problem.view, null);
      return problem.view;
    }
    return this.refresh();
  }
  /** A new view of the latest `table`: kept, and held to the hand's expectation (a new hand
   * starts one; `dealtBy` says the deal was this session's own request). */
  arrive(table, view, dealtBy) {
    this.table = table;
    this.lastAnswer = null;
    this.view = view;
    const fairness = view.fairness;
    if (!fairness) return;
    const mine = view.players.find((p) => p.id === this.player)?.hand ?? null;
    let e = this.expectations.get(view.hand);
    if (e === void 0 && dealtBy === null && this.nextEntropy?.table === fairness.commitment) {
      dealtBy = { entropy: this.nextEntropy.entropy, promised: fairness.commitment };
    }
    if (e === void 0) {
      const untouched = mine !== null && !view.events.some((ev) => ev.player === this.player) && dealtBy !== null;
      e = {
        hand: view.hand,
        entropy: dealtBy?.entropy ?? null,
        commitment: fairness.commitment,
        promised: dealtBy?.promised ?? null,
        dealt: untouched ? [...mine ?? []] : null,
        dealer: view.dealer,
        rules: this.rules,
        problems: []
      };
      if (e.entropy !== null && sentEntropy(fairness, this.player) !== e.entropy) e.problems.push("the entropy shown for this hand is not the one your device sent");
      this.expectations.set(view.hand, e);
    } else if (fairness.commitment !== e.commitment) {
      e.problems.push(`the commitment changed during the hand: ${e.commitment} at the deal, ${fairness.commitment} later`);
    }
  }
  /** The answer's data, or the refusal as an error (a token the service cannot open: TableUnreadable). */
  static ok(a) {
    if (a.data !== void 0 && a.response.ok) return a.data;
    const problem = a.error ?? null;
    if (a.response.status === 422 && problem?.errors?.some((e) => e.pointer === "/table")) throw new TableUnreadable(422, problem);
    throw new RefereeError(a.response.status, problem);
  }
};
export {
  API_VERSION,
  RefereeError,
  TableSession,
  TableUnreadable,
  Unanswered,
  createReferee,
  newEntropy,
  retryingFetch,
  sentEntropy
};

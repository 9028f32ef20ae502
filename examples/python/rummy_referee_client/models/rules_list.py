from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.bot_level import BotLevel
    from ..models.limits import Limits
    from ..models.option_doc import OptionDoc
    from ..models.preset_note import PresetNote
    from ..models.resolved_rules import ResolvedRules


T = TypeVar("T", bound="RulesList")


@_attrs_define
class RulesList:
    """``GET /v1/rules``: every preset with every option value, and what the pages show of them: labels, sentences, allowed
    values, limits and the computer opponents' levels.

        Attributes:
            default_preset (str):
            presets (list[ResolvedRules]):
            preset_notes (list[PresetNote]):
            options (list[OptionDoc]):
            limits (Limits): The game's limits (R2, R20).
            bot_levels (list[BotLevel]): The computer opponents' levels, weakest first.
    """

    default_preset: str
    presets: list[ResolvedRules]
    preset_notes: list[PresetNote]
    options: list[OptionDoc]
    limits: Limits
    bot_levels: list[BotLevel]

    def to_dict(self) -> dict[str, Any]:
        default_preset = self.default_preset

        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)

        preset_notes = []
        for preset_notes_item_data in self.preset_notes:
            preset_notes_item = preset_notes_item_data.to_dict()
            preset_notes.append(preset_notes_item)

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        limits = self.limits.to_dict()

        bot_levels = []
        for bot_levels_item_data in self.bot_levels:
            bot_levels_item = bot_levels_item_data.to_dict()
            bot_levels.append(bot_levels_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default_preset": default_preset,
                "presets": presets,
                "preset_notes": preset_notes,
                "options": options,
                "limits": limits,
                "bot_levels": bot_levels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bot_level import BotLevel
        from ..models.limits import Limits
        from ..models.option_doc import OptionDoc
        from ..models.preset_note import PresetNote
        from ..models.resolved_rules import ResolvedRules

        d = dict(src_dict)
        default_preset = d.pop("default_preset")

        presets = []
        _presets = d.pop("presets")
        for presets_item_data in _presets:
            presets_item = ResolvedRules.from_dict(presets_item_data)

            presets.append(presets_item)

        preset_notes = []
        _preset_notes = d.pop("preset_notes")
        for preset_notes_item_data in _preset_notes:
            preset_notes_item = PresetNote.from_dict(preset_notes_item_data)

            preset_notes.append(preset_notes_item)

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = OptionDoc.from_dict(options_item_data)

            options.append(options_item)

        limits = Limits.from_dict(d.pop("limits"))

        bot_levels = []
        _bot_levels = d.pop("bot_levels")
        for bot_levels_item_data in _bot_levels:
            bot_levels_item = BotLevel.from_dict(bot_levels_item_data)

            bot_levels.append(bot_levels_item)

        rules_list = cls(
            default_preset=default_preset,
            presets=presets,
            preset_notes=preset_notes,
            options=options,
            limits=limits,
            bot_levels=bot_levels,
        )

        return rules_list

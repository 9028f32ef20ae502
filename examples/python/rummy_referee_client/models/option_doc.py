from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.option_doc_type import OptionDocType

if TYPE_CHECKING:
    from ..models.option_doc_defaults import OptionDocDefaults
    from ..models.option_sentences import OptionSentences
    from ..models.option_value import OptionValue


T = TypeVar("T", bound="OptionDoc")


@_attrs_define
class OptionDoc:
    """One rule option: what it is called, what it governs, the values it takes and its value in each preset.

    Attributes:
        name (str):  Example: aces.
        label (str):  Example: Aces.
        rule (str): The rule it changes. Example: R11.
        sentence (str): What the option governs, for people.
        type_ (OptionDocType):
        allows_null (bool): Whether null is a value (no limit, no fixed number).
        null_means (None | str):  Example: for no limit.
        minimum (int | None): A whole-number option's least value.
        maximum (int | None): A whole-number option's greatest value.
        values (list[OptionValue]): A choice's (or true/false) values, in order.
        sentences (OptionSentences): A whole-number option's value in words; ``{n}`` stands for the number.
        suggested (list[int]): Values a page may offer one tap away.
        unused_when (None | str): An option that, when set, makes this one unused.
        defaults (OptionDocDefaults): The option's value in each preset.
    """

    name: str
    label: str
    rule: str
    sentence: str
    type_: OptionDocType
    allows_null: bool
    null_means: None | str
    minimum: int | None
    maximum: int | None
    values: list[OptionValue]
    sentences: OptionSentences
    suggested: list[int]
    unused_when: None | str
    defaults: OptionDocDefaults

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        label = self.label

        rule = self.rule

        sentence = self.sentence

        type_ = self.type_.value

        allows_null = self.allows_null

        null_means: None | str
        null_means = self.null_means

        minimum: int | None
        minimum = self.minimum

        maximum: int | None
        maximum = self.maximum

        values = []
        for values_item_data in self.values:
            values_item = values_item_data.to_dict()
            values.append(values_item)

        sentences = self.sentences.to_dict()

        suggested = self.suggested

        unused_when: None | str
        unused_when = self.unused_when

        defaults = self.defaults.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "label": label,
                "rule": rule,
                "sentence": sentence,
                "type": type_,
                "allows_null": allows_null,
                "null_means": null_means,
                "minimum": minimum,
                "maximum": maximum,
                "values": values,
                "sentences": sentences,
                "suggested": suggested,
                "unused_when": unused_when,
                "defaults": defaults,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.option_doc_defaults import OptionDocDefaults
        from ..models.option_sentences import OptionSentences
        from ..models.option_value import OptionValue

        d = dict(src_dict)
        name = d.pop("name")

        label = d.pop("label")

        rule = d.pop("rule")

        sentence = d.pop("sentence")

        type_ = OptionDocType(d.pop("type"))

        allows_null = d.pop("allows_null")

        def _parse_null_means(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        null_means = _parse_null_means(d.pop("null_means"))

        def _parse_minimum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        minimum = _parse_minimum(d.pop("minimum"))

        def _parse_maximum(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        maximum = _parse_maximum(d.pop("maximum"))

        values = []
        _values = d.pop("values")
        for values_item_data in _values:
            values_item = OptionValue.from_dict(values_item_data)

            values.append(values_item)

        sentences = OptionSentences.from_dict(d.pop("sentences"))

        suggested = cast(list[int], d.pop("suggested"))

        def _parse_unused_when(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        unused_when = _parse_unused_when(d.pop("unused_when"))

        defaults = OptionDocDefaults.from_dict(d.pop("defaults"))

        option_doc = cls(
            name=name,
            label=label,
            rule=rule,
            sentence=sentence,
            type_=type_,
            allows_null=allows_null,
            null_means=null_means,
            minimum=minimum,
            maximum=maximum,
            values=values,
            sentences=sentences,
            suggested=suggested,
            unused_when=unused_when,
            defaults=defaults,
        )

        return option_doc

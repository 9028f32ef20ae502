from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.meld_check_request import MeldCheckRequest
from ...models.meld_check_response import MeldCheckResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: MeldCheckRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/melds/check",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MeldCheckResponse | Problem:
    if response.status_code == 200:
        response_200 = MeldCheckResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())

        return response_405

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MeldCheckResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MeldCheckRequest,
) -> Response[MeldCheckResponse | Problem]:
    """Is it a meld, or can these cards be laid off on a meld? (R6, R10–R12)

     With `onto`, the cards are laid off on that meld. A failed meld is explained against what the cards
    were meant to be, with the contract's
    reason codes and the cards named with suit symbols.

    Args:
        body (MeldCheckRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MeldCheckResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: MeldCheckRequest,
) -> MeldCheckResponse | Problem | None:
    """Is it a meld, or can these cards be laid off on a meld? (R6, R10–R12)

     With `onto`, the cards are laid off on that meld. A failed meld is explained against what the cards
    were meant to be, with the contract's
    reason codes and the cards named with suit symbols.

    Args:
        body (MeldCheckRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MeldCheckResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MeldCheckRequest,
) -> Response[MeldCheckResponse | Problem]:
    """Is it a meld, or can these cards be laid off on a meld? (R6, R10–R12)

     With `onto`, the cards are laid off on that meld. A failed meld is explained against what the cards
    were meant to be, with the contract's
    reason codes and the cards named with suit symbols.

    Args:
        body (MeldCheckRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MeldCheckResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: MeldCheckRequest,
) -> MeldCheckResponse | Problem | None:
    """Is it a meld, or can these cards be laid off on a meld? (R6, R10–R12)

     With `onto`, the cards are laid off on that meld. A failed meld is explained against what the cards
    were meant to be, with the contract's
    reason codes and the cards named with suit symbols.

    Args:
        body (MeldCheckRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MeldCheckResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.legal_moves_request import LegalMovesRequest
from ...models.legal_moves_response import LegalMovesResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: LegalMovesRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/legal-moves",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LegalMovesResponse | Problem:
    if response.status_code == 200:
        response_200 = LegalMovesResponse.from_dict(response.json())

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
) -> Response[LegalMovesResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LegalMovesRequest,
) -> Response[LegalMovesResponse | Problem]:
    """Every legal move of the player to move, and whose turn it is in words.

     Draws, melds, single-card lay-offs naming their meld, discards, and a `summary` saying whose
    turn it is and what they may do. Once the hand is over: no moves, a `hand_over` reason, and
    who deals next (R19).

    Args:
        body (LegalMovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LegalMovesResponse | Problem]
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
    body: LegalMovesRequest,
) -> LegalMovesResponse | Problem | None:
    """Every legal move of the player to move, and whose turn it is in words.

     Draws, melds, single-card lay-offs naming their meld, discards, and a `summary` saying whose
    turn it is and what they may do. Once the hand is over: no moves, a `hand_over` reason, and
    who deals next (R19).

    Args:
        body (LegalMovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LegalMovesResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: LegalMovesRequest,
) -> Response[LegalMovesResponse | Problem]:
    """Every legal move of the player to move, and whose turn it is in words.

     Draws, melds, single-card lay-offs naming their meld, discards, and a `summary` saying whose
    turn it is and what they may do. Once the hand is over: no moves, a `hand_over` reason, and
    who deals next (R19).

    Args:
        body (LegalMovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LegalMovesResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: LegalMovesRequest,
) -> LegalMovesResponse | Problem | None:
    """Every legal move of the player to move, and whose turn it is in words.

     Draws, melds, single-card lay-offs naming their meld, discards, and a `summary` saying whose
    turn it is and what they may do. Once the hand is over: no moves, a `hand_over` reason, and
    who deals next (R19).

    Args:
        body (LegalMovesRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LegalMovesResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.next_hand_request import NextHandRequest
from ...models.next_hand_response import NextHandResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: NextHandRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tables/next",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NextHandResponse | Problem:
    if response.status_code == 200:
        response_200 = NextHandResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())

        return response_405

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[NextHandResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: NextHandRequest,
) -> Response[NextHandResponse | Problem]:
    """Deal the game's next hand: the dealer by R19, the scores carried until the game ends
    (R20). 409 while the hand is being played, once the game is over, on an older token than the
    latest (replay guard on), or when the table would grow past the longest token the service
    seals (it cannot go on: start a new table).

    Args:
        body (NextHandRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NextHandResponse | Problem]
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
    body: NextHandRequest,
) -> NextHandResponse | Problem | None:
    """Deal the game's next hand: the dealer by R19, the scores carried until the game ends
    (R20). 409 while the hand is being played, once the game is over, on an older token than the
    latest (replay guard on), or when the table would grow past the longest token the service
    seals (it cannot go on: start a new table).

    Args:
        body (NextHandRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NextHandResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: NextHandRequest,
) -> Response[NextHandResponse | Problem]:
    """Deal the game's next hand: the dealer by R19, the scores carried until the game ends
    (R20). 409 while the hand is being played, once the game is over, on an older token than the
    latest (replay guard on), or when the table would grow past the longest token the service
    seals (it cannot go on: start a new table).

    Args:
        body (NextHandRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NextHandResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: NextHandRequest,
) -> NextHandResponse | Problem | None:
    """Deal the game's next hand: the dealer by R19, the scores carried until the game ends
    (R20). 409 while the hand is being played, once the game is over, on an older token than the
    latest (replay guard on), or when the table would grow past the longest token the service
    seals (it cannot go on: start a new table).

    Args:
        body (NextHandRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NextHandResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

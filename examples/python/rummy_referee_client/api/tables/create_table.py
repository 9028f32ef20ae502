from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.create_table_request import CreateTableRequest
from ...models.create_table_response import CreateTableResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreateTableRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tables",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreateTableResponse | Problem:
    if response.status_code == 201:
        response_201 = CreateTableResponse.from_dict(response.json())

        return response_201

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
) -> Response[CreateTableResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTableRequest,
) -> Response[CreateTableResponse | Problem]:
    """Seat the players and deal hand 1 from the operating system's randomness (R2, R3).

     Answers the sealed `table`, a `seat` for each human player (give each player only
    theirs) and the spectator's view. Computer opponents (`bots`) are played until a human
    is to move.

    Args:
        body (CreateTableRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTableResponse | Problem]
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
    body: CreateTableRequest,
) -> CreateTableResponse | Problem | None:
    """Seat the players and deal hand 1 from the operating system's randomness (R2, R3).

     Answers the sealed `table`, a `seat` for each human player (give each player only
    theirs) and the spectator's view. Computer opponents (`bots`) are played until a human
    is to move.

    Args:
        body (CreateTableRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTableResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTableRequest,
) -> Response[CreateTableResponse | Problem]:
    """Seat the players and deal hand 1 from the operating system's randomness (R2, R3).

     Answers the sealed `table`, a `seat` for each human player (give each player only
    theirs) and the spectator's view. Computer opponents (`bots`) are played until a human
    is to move.

    Args:
        body (CreateTableRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTableResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateTableRequest,
) -> CreateTableResponse | Problem | None:
    """Seat the players and deal hand 1 from the operating system's randomness (R2, R3).

     Answers the sealed `table`, a `seat` for each human player (give each player only
    theirs) and the spectator's view. Computer opponents (`bots`) are played until a human
    is to move.

    Args:
        body (CreateTableRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTableResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

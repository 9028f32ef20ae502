from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.table_move_request import TableMoveRequest
from ...models.table_move_response import TableMoveResponse
from ...types import Response


def _get_kwargs(
    *,
    body: TableMoveRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tables/move",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TableMoveResponse:
    if response.status_code == 200:
        response_200 = TableMoveResponse.from_dict(response.json())

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
) -> Response[Problem | TableMoveResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TableMoveRequest,
) -> Response[Problem | TableMoveResponse]:
    """Play the seat's move (or moves, in order up to the first illegal one), then every
    computer opponent's turn until a human is to move (R4–R9, R13, R17, R18). legal: false
    is a normal answer; table is the token to use next. 409 on an older token than the latest
    (replay guard on) or when the table would grow past the longest token the service seals (it
    cannot go on: start a new table).

    Args:
        body (TableMoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TableMoveResponse]
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
    body: TableMoveRequest,
) -> Problem | TableMoveResponse | None:
    """Play the seat's move (or moves, in order up to the first illegal one), then every
    computer opponent's turn until a human is to move (R4–R9, R13, R17, R18). legal: false
    is a normal answer; table is the token to use next. 409 on an older token than the latest
    (replay guard on) or when the table would grow past the longest token the service seals (it
    cannot go on: start a new table).

    Args:
        body (TableMoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TableMoveResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TableMoveRequest,
) -> Response[Problem | TableMoveResponse]:
    """Play the seat's move (or moves, in order up to the first illegal one), then every
    computer opponent's turn until a human is to move (R4–R9, R13, R17, R18). legal: false
    is a normal answer; table is the token to use next. 409 on an older token than the latest
    (replay guard on) or when the table would grow past the longest token the service seals (it
    cannot go on: start a new table).

    Args:
        body (TableMoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TableMoveResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: TableMoveRequest,
) -> Problem | TableMoveResponse | None:
    """Play the seat's move (or moves, in order up to the first illegal one), then every
    computer opponent's turn until a human is to move (R4–R9, R13, R17, R18). legal: false
    is a normal answer; table is the token to use next. 409 on an older token than the latest
    (replay guard on) or when the table would grow past the longest token the service seals (it
    cannot go on: start a new table).

    Args:
        body (TableMoveRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TableMoveResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

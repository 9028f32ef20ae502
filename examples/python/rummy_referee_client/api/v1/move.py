from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.move_response import MoveResponse
from ...models.moves_request import MovesRequest
from ...models.one_move_request import OneMoveRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: MovesRequest | OneMoveRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/move",
    }

    if isinstance(body, OneMoveRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> MoveResponse | Problem:
    if response.status_code == 200:
        response_200 = MoveResponse.from_dict(response.json())

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
) -> Response[MoveResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MovesRequest | OneMoveRequest,
) -> Response[MoveResponse | Problem]:
    """Judge one move, or a list of moves applied in order (R4–R9, R13, R17, R18).

     The list stops at the first illegal move. `legal: false` is a normal answer with the reasons;
    `summary` says in one sentence what happened.

    Args:
        body (MovesRequest | OneMoveRequest): A state and one move, or a list of moves applied in
            order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveResponse | Problem]
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
    body: MovesRequest | OneMoveRequest,
) -> MoveResponse | Problem | None:
    """Judge one move, or a list of moves applied in order (R4–R9, R13, R17, R18).

     The list stops at the first illegal move. `legal: false` is a normal answer with the reasons;
    `summary` says in one sentence what happened.

    Args:
        body (MovesRequest | OneMoveRequest): A state and one move, or a list of moves applied in
            order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MovesRequest | OneMoveRequest,
) -> Response[MoveResponse | Problem]:
    """Judge one move, or a list of moves applied in order (R4–R9, R13, R17, R18).

     The list stops at the first illegal move. `legal: false` is a normal answer with the reasons;
    `summary` says in one sentence what happened.

    Args:
        body (MovesRequest | OneMoveRequest): A state and one move, or a list of moves applied in
            order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MoveResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: MovesRequest | OneMoveRequest,
) -> MoveResponse | Problem | None:
    """Judge one move, or a list of moves applied in order (R4–R9, R13, R17, R18).

     The list stops at the first illegal move. `legal: false` is a normal answer with the reasons;
    `summary` says in one sentence what happened.

    Args:
        body (MovesRequest | OneMoveRequest): A state and one move, or a list of moves applied in
            order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MoveResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

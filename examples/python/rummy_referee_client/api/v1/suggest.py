from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.suggest_request import SuggestRequest
from ...models.suggest_response import SuggestResponse
from ...types import Response


def _get_kwargs(
    *,
    body: SuggestRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/suggest",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SuggestResponse:
    if response.status_code == 200:
        response_200 = SuggestResponse.from_dict(response.json())

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
) -> Response[Problem | SuggestResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SuggestRequest,
) -> Response[Problem | SuggestResponse]:
    """A legal move for the player to move, and one sentence why.

     Exactly the move the computer opponent of `level` (default hard) would make from that
    player's seat, seeing only what that seat may see: the state, and the hand's `events` when
    they are sent. A hand that is over: 422.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SuggestResponse]
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
    body: SuggestRequest,
) -> Problem | SuggestResponse | None:
    """A legal move for the player to move, and one sentence why.

     Exactly the move the computer opponent of `level` (default hard) would make from that
    player's seat, seeing only what that seat may see: the state, and the hand's `events` when
    they are sent. A hand that is over: 422.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SuggestResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SuggestRequest,
) -> Response[Problem | SuggestResponse]:
    """A legal move for the player to move, and one sentence why.

     Exactly the move the computer opponent of `level` (default hard) would make from that
    player's seat, seeing only what that seat may see: the state, and the hand's `events` when
    they are sent. A hand that is over: 422.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SuggestResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SuggestRequest,
) -> Problem | SuggestResponse | None:
    """A legal move for the player to move, and one sentence why.

     Exactly the move the computer opponent of `level` (default hard) would make from that
    player's seat, seeing only what that seat may see: the state, and the hand's `events` when
    they are sent. A hand that is over: 422.

    Args:
        body (SuggestRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SuggestResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

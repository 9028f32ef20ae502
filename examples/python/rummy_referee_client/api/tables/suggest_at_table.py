from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.suggest_response import SuggestResponse
from ...models.table_suggest_request import TableSuggestRequest
from ...types import Response


def _get_kwargs(
    *,
    body: TableSuggestRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tables/suggest",
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
    body: TableSuggestRequest,
) -> Response[Problem | SuggestResponse]:
    """Advice for the seat to move: exactly the move the computer opponent of level (default
    hard) would make from that seat, seeing only what the seat may see, and one sentence why.

     Reads the table and changes nothing (the same token stays the latest). 409 when it is not
    the seat's turn or the hand is over.

    Args:
        body (TableSuggestRequest):

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
    body: TableSuggestRequest,
) -> Problem | SuggestResponse | None:
    """Advice for the seat to move: exactly the move the computer opponent of level (default
    hard) would make from that seat, seeing only what the seat may see, and one sentence why.

     Reads the table and changes nothing (the same token stays the latest). 409 when it is not
    the seat's turn or the hand is over.

    Args:
        body (TableSuggestRequest):

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
    body: TableSuggestRequest,
) -> Response[Problem | SuggestResponse]:
    """Advice for the seat to move: exactly the move the computer opponent of level (default
    hard) would make from that seat, seeing only what the seat may see, and one sentence why.

     Reads the table and changes nothing (the same token stays the latest). 409 when it is not
    the seat's turn or the hand is over.

    Args:
        body (TableSuggestRequest):

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
    body: TableSuggestRequest,
) -> Problem | SuggestResponse | None:
    """Advice for the seat to move: exactly the move the computer opponent of level (default
    hard) would make from that seat, seeing only what the seat may see, and one sentence why.

     Reads the table and changes nothing (the same token stays the latest). 409 when it is not
    the seat's turn or the hand is over.

    Args:
        body (TableSuggestRequest):

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

from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.scorepad_request import ScorepadRequest
from ...models.scorepad_response import ScorepadResponse
from ...types import Response


def _get_kwargs(
    *,
    body: ScorepadRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/scorepad",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ScorepadResponse:
    if response.status_code == 200:
        response_200 = ScorepadResponse.from_dict(response.json())

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
) -> Response[Problem | ScorepadResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScorepadRequest,
) -> Response[Problem | ScorepadResponse]:
    """Score a physical-deck game hand by hand (R14, R15, R19, R20).

     Dealers (R19), points (R14, R15), running totals, standings and the winner (R20). Send every
    hand each time; nothing is stored.

    Args:
        body (ScorepadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScorepadResponse]
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
    body: ScorepadRequest,
) -> Problem | ScorepadResponse | None:
    """Score a physical-deck game hand by hand (R14, R15, R19, R20).

     Dealers (R19), points (R14, R15), running totals, standings and the winner (R20). Send every
    hand each time; nothing is stored.

    Args:
        body (ScorepadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScorepadResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScorepadRequest,
) -> Response[Problem | ScorepadResponse]:
    """Score a physical-deck game hand by hand (R14, R15, R19, R20).

     Dealers (R19), points (R14, R15), running totals, standings and the winner (R20). Send every
    hand each time; nothing is stored.

    Args:
        body (ScorepadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScorepadResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ScorepadRequest,
) -> Problem | ScorepadResponse | None:
    """Score a physical-deck game hand by hand (R14, R15, R19, R20).

     Dealers (R19), points (R14, R15), running totals, standings and the winner (R20). Send every
    hand each time; nothing is stored.

    Args:
        body (ScorepadRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScorepadResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

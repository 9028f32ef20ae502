from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.verify_request import VerifyRequest
from ...models.verify_response import VerifyResponse
from ...types import Response


def _get_kwargs(
    *,
    body: VerifyRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | VerifyResponse:
    if response.status_code == 200:
        response_200 = VerifyResponse.from_dict(response.json())

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
) -> Response[Problem | VerifyResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyRequest,
) -> Response[Problem | VerifyResponse]:
    """Check a finished hand's result.fairness without trusting the service and without any
    key: SHA-256 of the seed is the commitment shown during the hand, the deck follows from the
    seed and the entropy (README, Provably fair), the record's deal is that deck's, and every
    move is legal where it stands with every card drawn the one the stock (through every
    restock, R17) or the discard pile held. verified: false is a normal answer naming the
    first thing that does not hold.

    Args:
        body (VerifyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VerifyResponse]
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
    body: VerifyRequest,
) -> Problem | VerifyResponse | None:
    """Check a finished hand's result.fairness without trusting the service and without any
    key: SHA-256 of the seed is the commitment shown during the hand, the deck follows from the
    seed and the entropy (README, Provably fair), the record's deal is that deck's, and every
    move is legal where it stands with every card drawn the one the stock (through every
    restock, R17) or the discard pile held. verified: false is a normal answer naming the
    first thing that does not hold.

    Args:
        body (VerifyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VerifyResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyRequest,
) -> Response[Problem | VerifyResponse]:
    """Check a finished hand's result.fairness without trusting the service and without any
    key: SHA-256 of the seed is the commitment shown during the hand, the deck follows from the
    seed and the entropy (README, Provably fair), the record's deal is that deck's, and every
    move is legal where it stands with every card drawn the one the stock (through every
    restock, R17) or the discard pile held. verified: false is a normal answer naming the
    first thing that does not hold.

    Args:
        body (VerifyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VerifyResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyRequest,
) -> Problem | VerifyResponse | None:
    """Check a finished hand's result.fairness without trusting the service and without any
    key: SHA-256 of the seed is the commitment shown during the hand, the deck follows from the
    seed and the entropy (README, Provably fair), the record's deal is that deck's, and every
    move is legal where it stands with every card drawn the one the stock (through every
    restock, R17) or the discard pile held. verified: false is a normal answer naming the
    first thing that does not hold.

    Args:
        body (VerifyRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VerifyResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed

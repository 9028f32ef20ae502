"""The HTTP plumbing around the referee: request bodies (``bodies``), problem documents
(``problems``) and the OpenAPI document (``openapi``). The routes are each service's blueprint
beside ``app.py`` (``referee_api``, ``tables_api``, ``operations_api``, ``pages``)."""

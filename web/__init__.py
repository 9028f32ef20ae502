"""The HTTP plumbing around the referee: request bodies (``bodies``), problem documents
(``problems``) and the OpenAPI document (``openapi``). ``app.py`` holds the routes."""

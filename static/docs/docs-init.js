// Interactive API docs, served from this service (no CDN): Swagger UI on /openapi.yaml.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#swagger-ui",
    deepLinking: true,

  });
});

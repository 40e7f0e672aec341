// A build-time loader for the browser bundles (rspack.base.js): an endpoint declaration's `summary`
// and `description` are the OpenAPI document's texts, which the BFF writes on the server; pages never
// show them, so the browser builds leave them out (docs/decisions/platform.md). Each endpoint keeps
// `summary: ''` so its type is unchanged.
module.exports = function stripEndpointDocs(source) {
  return source
    .replace(/\bsummary: '(?:[^'\\]|\\.)*'/g, "summary: ''")
    .replace(/\bdescription: '(?:[^'\\]|\\.)*',\s*/g, '');
};

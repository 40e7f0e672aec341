// Leaflet's stylesheet, read as text by the bundler (rspack.config.js: asset/source).
declare module 'leaflet/dist/leaflet.css' {
  const css: string;
  export default css;
}

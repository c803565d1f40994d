// Records every script error in an attribute of the page's body, first thing on the page, so that a
// test in a headless browser sees a chart that failed to draw.
window.addEventListener('error', function (e) {
  document.body.dataset.errors = (document.body.dataset.errors || '') + e.message + ';';
});

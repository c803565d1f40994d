// Draws the comparison page's charts from the data embedded in it (script#chart-data): TPS, p99 and CPU
// per request against users. Then records in attributes of the body what a test in a headless browser
// checks: how many charts hold data (these and the page's SVG charts, the forest plots and percentile
// curves made with the page), and how far the page is wider than the window.
(function () {
  var data = JSON.parse(document.getElementById('chart-data').textContent);
  // Okabe and Ito's palette, told apart by colour-blind readers, as the page's SVG charts.
  var colors = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
  function chart(id, key, title, unit) {
    return new Chart(document.getElementById(id), {
      type: 'line',
      data: {
        labels: data.users,
        datasets: data.series.map(function (s, i) {
          return { label: s.label, data: s[key], borderColor: colors[i % colors.length],
                   backgroundColor: colors[i % colors.length], spanGaps: true };
        })
      },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { title: { display: true, text: title } },
        scales: { x: { title: { display: true, text: 'concurrent users' } },
                  y: { beginAtZero: true, title: { display: true, text: unit } } }
      }
    });
  }
  var drawn = [chart('chart-tps', 'tps', 'TPS against users', 'OK responses per second'),
               chart('chart-p99', 'p99', 'p99 response time against users', 'ms'),
               chart('chart-cpu', 'cpu', 'Target CPU per request against users', 'µs per OK response')];
  var svgs = Array.prototype.slice.call(document.querySelectorAll('svg.chart'));
  document.body.dataset.charts = drawn.filter(function (c) { return c.data.datasets.length > 0; }).length
      + svgs.filter(function (s) { return Number(s.dataset.points) > 0; }).length;
  document.body.dataset.svgs = svgs.length;
  // How far the page is wider than the window: 0 where nothing is cut off or scrolls sideways.
  document.body.dataset.overflow = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);
})();

// Draws the comparison page's charts from the data embedded in it (script#chart-data), then records in
// an attribute of the body how many it drew: TPS, p99 and CPU per request against users, and for each
// interleaved run its ratios as points, each over the floating bar of its interval, on a log scale (a
// ratio of 0.8 as far from 1 as one of 1.25).
(function () {
  var data = JSON.parse(document.getElementById('chart-data').textContent);
  var colors = ['#d9480f', '#1c7ed6', '#2b8a3e', '#862e9c', '#e67700', '#0b7285'];
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
  function ratios(r) {
    var sets = [];
    r.datasets.forEach(function (d, i) {
      var color = colors[i % colors.length];
      sets.push({ type: 'bar', label: d.label + ' (95% interval)', data: d.interval,
                  backgroundColor: color + '55', borderColor: color, borderWidth: 1 });
      sets.push({ type: 'line', label: d.label, data: d.ratio, showLine: false, pointRadius: 5,
                  borderColor: color, backgroundColor: color });
    });
    sets.push({ type: 'line', label: '1 = the same', data: r.tiers.map(function () { return 1; }),
                borderColor: '#888', borderDash: [6, 4], pointRadius: 0, borderWidth: 1 });
    return new Chart(document.getElementById(r.id), {
      data: { labels: r.tiers, datasets: sets },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false,
        plugins: { title: { display: true, text: r.title } },
        scales: { y: { type: 'logarithmic', title: { display: true, text: 'ratio (1 = the same; log scale)' } } }
      }
    });
  }
  var drawn = [chart('chart-tps', 'tps', 'TPS against users', 'OK responses per second'),
               chart('chart-p99', 'p99', 'p99 response time against users', 'ms'),
               chart('chart-cpu', 'cpu', 'Target CPU per request against users', 'µs per OK response')]
      .concat(data.ratios.map(ratios));
  document.body.dataset.charts = drawn.filter(function (c) { return c.data.datasets.length > 0; }).length;
})();

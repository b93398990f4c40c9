// Measures what Chromium laid out for the page of `kwire report` (ReportPageInChromiumTest): every chart's <svg> box,
// its data marks and their boxes, the rows of the API table, the tables wider than their place (which would scroll
// sideways) and how wide the page is, and the errors collected since the page started (window.kwireErrors, set up by
// the test at the top of <head>). Writes the result as JSON into <pre id="kwire-probe">, which `chromium --dump-dom`
// prints.
(function () {
  var result = { errors: window.kwireErrors, apiRows: document.querySelectorAll('#table-apis tbody tr').length, charts: {} };
  document.querySelectorAll('svg[data-chart]').forEach(function (svg) {
    var box = svg.getBoundingClientRect();
    var marks = svg.querySelectorAll('.mark');
    var flat = 0, outside = 0;
    marks.forEach(function (mark) {
      var r = mark.getBoundingClientRect();
      if (!(r.width > 0 && r.height > 0)) { flat++; }
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) { outside++; }
    });
    var fill = marks.length ? getComputedStyle(marks[0]).fill : '';
    result.charts[svg.dataset.chart] = { width: box.width, height: box.height, marks: marks.length, flat: flat,
      outside: outside, texts: svg.querySelectorAll('text').length, fill: fill };
  });
  result.scrollingTables = [];
  document.querySelectorAll('.table-wrap').forEach(function (wrap) {
    if (wrap.scrollWidth > wrap.clientWidth + 0.5) {
      result.scrollingTables.push(wrap.querySelector('table').id + ': ' + wrap.scrollWidth + ' > ' + wrap.clientWidth);
    }
  });
  result.pageWidth = document.documentElement.scrollWidth;
  result.windowWidth = window.innerWidth;
  var pre = document.createElement('pre');
  pre.id = 'kwire-probe';
  pre.textContent = JSON.stringify(result);
  document.body.appendChild(pre);
})();

/*
 * The lender console's charts (src/web/console/customer-sections.ts writes them): each [data-chart] element is
 * drawn with the bundled ECharts (the global `echarts` of /console/assets/echarts.min.js, loaded before this file)
 * from the option in the JSON block #chart-<id> that follows it. Light or dark theme from the reader's
 * prefers-color-scheme, redrawn when it changes; charts resize with the window. Plain browser JavaScript, no build
 * step, no inline script (the console's CSP allows only its own files). Without this script, or without
 * ECharts, the tables beside the charts carry the same figures.
 */
/* global document, window */
(function () {
  'use strict';
  if (typeof window === 'undefined' || typeof window.echarts === 'undefined') return;
  var echarts = window.echarts;
  var dark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  var charts = [];

  function optionOf(element) {
    var id = element.getAttribute('data-chart');
    var block = id ? document.getElementById('chart-' + id) : null;
    if (!block) return null;
    try {
      return JSON.parse(block.textContent || 'null');
    } catch {
      return null;
    }
  }

  // A money axis (overview.charts.ts, moneyAxisLabel) writes "−£1,500", not "£-1500".
  function moneyAxes(option) {
    function fix(axis) {
      if (Array.isArray(axis)) return axis.map(fix);
      if (!axis || !axis.axisLabel || !axis.axisLabel.obiMoney) return axis;
      var symbol = axis.axisLabel.obiMoney;
      var label = Object.assign({}, axis.axisLabel, {
        formatter: function (v) {
          return (v < 0 ? '\u2212' : '') + symbol + Math.abs(v).toLocaleString('en-GB', { maximumFractionDigits: 2 });
        },
      });
      delete label.obiMoney;
      return Object.assign({}, axis, { axisLabel: label });
    }
    return Object.assign({}, option, { xAxis: fix(option.xAxis), yAxis: fix(option.yAxis) });
  }

  function draw(element, option) {
    var existing = echarts.getInstanceByDom(element);
    if (existing) existing.dispose();
    var isDark = !!(dark && dark.matches);
    var chart = echarts.init(element, isDark ? 'dark' : null, { renderer: 'canvas' });
    var themed = moneyAxes(option);
    // The dark theme's own background would sit on the page's; the page's background shows through instead.
    if (isDark) themed.backgroundColor = 'transparent';
    chart.setOption(themed);
    return chart;
  }

  function drawAll() {
    charts = [];
    var elements = document.querySelectorAll('[data-chart]');
    for (var i = 0; i < elements.length; i++) {
      var option = optionOf(elements[i]);
      if (option) charts.push({ element: elements[i], option: option, chart: draw(elements[i], option) });
    }
  }

  var pending = 0;
  function resizeAll() {
    if (pending) return;
    pending = window.requestAnimationFrame(function () {
      pending = 0;
      for (var i = 0; i < charts.length; i++) charts[i].chart.resize();
    });
  }

  function redrawAll() {
    for (var i = 0; i < charts.length; i++) charts[i].chart = draw(charts[i].element, charts[i].option);
  }

  function start() {
    drawAll();
    window.addEventListener('resize', resizeAll);
    if (dark) {
      if (dark.addEventListener) dark.addEventListener('change', redrawAll);
      else if (dark.addListener) dark.addListener(redrawAll);
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

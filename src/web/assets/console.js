/*
 * The lender console's own script (src/web/console): tables marked data-sortable sort when a header's button is
 * pressed (aria-sort says how) and filter by the text typed into the box placed above them. Plain browser JS, no
 * build step; the pages work without it.
 */
/* global document, window, fetch */
(function () {
  'use strict';

  function cellValue(row, index) {
    var cell = row.cells[index];
    if (!cell) return '';
    var v = cell.getAttribute('data-sort-value');
    if (v === null) v = cell.getAttribute('data-value');
    return v !== null ? v : cell.textContent.trim();
  }

  function compare(a, b) {
    var x = Number(a);
    var y = Number(b);
    if (a !== '' && b !== '' && !isNaN(x) && !isNaN(y)) return x - y;
    return a.localeCompare(b, 'en-GB', { numeric: true, sensitivity: 'base' });
  }

  function makeSortable(table) {
    var head = table.tHead;
    var body = table.tBodies[0];
    if (!head || !body || !head.rows[0]) return;
    var headers = Array.prototype.slice.call(head.rows[0].cells);
    headers.forEach(function (th, index) {
      if (th.hasAttribute('data-nosort')) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'sort';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        headers.forEach(function (other) {
          other.removeAttribute('aria-sort');
        });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (r1, r2) {
          var c = compare(cellValue(r1, index), cellValue(r2, index));
          return ascending ? c : -c;
        });
        rows.forEach(function (r) {
          body.appendChild(r);
        });
      });
    });
  }

  var filters = 0;
  function addFilter(table) {
    var body = table.tBodies[0];
    if (!body || body.rows.length < 2) return;
    filters += 1;
    var id = 'table-filter-' + filters;
    var wrap = document.createElement('div');
    wrap.className = 'table-filter';
    var label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = 'Filter ' + (table.getAttribute('data-label') || 'rows');
    var input = document.createElement('input');
    input.type = 'search';
    input.id = id;
    input.setAttribute('aria-controls', table.id || '');
    wrap.appendChild(label);
    wrap.appendChild(input);
    var container = table.closest('.table-wrap') || table;
    container.parentNode.insertBefore(wrap, container);
    input.addEventListener('input', function () {
      var q = input.value.trim().toLowerCase();
      Array.prototype.forEach.call(body.rows, function (row) {
        row.hidden = q !== '' && row.textContent.toLowerCase().indexOf(q) === -1;
      });
    });
  }

  // A wide table scrolls inside its own box on a phone instead of widening the page.
  function wrap(table) {
    if (table.closest('.table-wrap')) return;
    var box = document.createElement('div');
    box.className = 'table-wrap';
    table.parentNode.insertBefore(box, table);
    box.appendChild(table);
  }

  // Work under way (data being stored, a report being computed): ask for the readiness (every 3 s, slowing to
  // 15 s), write its progress in words into the notice (the server words it: readiness.json's `text`), and reload
  // once nothing is under way any more, so the page shows the report that is now ready.
  function pollReadiness(el) {
    var url = el.getAttribute('data-poll-readiness');
    var delay = 3000;
    function ask() {
      fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (body) {
          if (body && !body.moving) {
            el.textContent =
              body.status === 'ready' ? 'The report is ready: loading its figures.' : 'Loading the latest state.';
            window.location.reload();
            return;
          }
          if (body && typeof body.text === 'string' && el.textContent !== body.text) el.textContent = body.text;
          delay = Math.min(delay * 1.5, 15000);
          window.setTimeout(ask, delay);
        })
        .catch(function () {
          delay = Math.min(delay * 1.5, 15000);
          window.setTimeout(ask, delay);
        });
    }
    window.setTimeout(ask, delay);
  }

  // The PDF link says that the PDF is being made (2–5 s) until the download starts.
  function pdfProgress(link) {
    link.addEventListener('click', function () {
      var note = document.getElementById('pdf-progress');
      if (note) note.textContent = 'Preparing the PDF: the download starts in a few seconds.';
      window.setTimeout(function () {
        if (note) note.textContent = '';
      }, 15000);
    });
  }

  function start() {
    document.documentElement.classList.remove('no-js');
    Array.prototype.forEach.call(document.querySelectorAll('[data-poll-readiness]'), pollReadiness);
    Array.prototype.forEach.call(document.querySelectorAll('[data-pdf-button]'), pdfProgress);
    Array.prototype.forEach.call(document.querySelectorAll('main table'), wrap);
    Array.prototype.forEach.call(document.querySelectorAll('table[data-sortable]'), function (table) {
      makeSortable(table);
      addFilter(table);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

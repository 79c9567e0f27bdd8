/*
 * The hosted connect pages' only script (served by the service; no framework). The pages work without it; it adds:
 * live bank search, the wait for the bank window in the component, messages to the host page that embeds the
 * component (its height, the outcome), and focus on the heading of an outcome page.
 */
/* global document, window, fetch, setTimeout, clearTimeout, ResizeObserver */
(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.remove('no-js');
  root.classList.add('js');

  function ready(fn) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
    else fn();
  }

  /* The host page (component only): messages go to its registered origin and nowhere else. */
  function hostOrigin() {
    return document.body.getAttribute('data-host-origin') || '';
  }
  function tellHost(message) {
    var origin = hostOrigin();
    if (!origin || window.parent === window) return;
    window.parent.postMessage(message, origin);
  }

  function setupFrame() {
    if (!hostOrigin()) return;
    var last = 0;
    function report() {
      // The body's own height: the document's would never shrink below the frame's current height.
      var h = Math.ceil(document.body.getBoundingClientRect().height);
      if (h !== last) {
        last = h;
        tellHost({ type: 'obi-connect:resize', height: h });
      }
    }
    report();
    if (typeof ResizeObserver === 'function') new ResizeObserver(report).observe(document.body);
    var event = document.body.getAttribute('data-host-event');
    if (event) {
      try {
        tellHost(JSON.parse(event));
      } catch {
        /* a malformed event is not sent */
      }
    }
  }

  function setupSearch() {
    var form = document.querySelector('[data-bank-search]');
    if (!form) return;
    var input = form.querySelector('input[type="search"]');
    var count = document.getElementById('bank-count');
    var empty = document.querySelector('[data-empty]');
    var items = Array.prototype.slice.call(document.querySelectorAll('li[data-search]'));
    var groups = Array.prototype.slice.call(document.querySelectorAll('[data-group]'));
    var timer = null;
    function apply() {
      var q = input.value.trim().toLowerCase();
      var shown = 0;
      var available = 0;
      items.forEach(function (li) {
        var hit = q === '' || li.getAttribute('data-search').indexOf(q) !== -1;
        li.hidden = !hit;
        if (hit) shown += 1;
        if (hit && li.hasAttribute('data-available')) available += 1;
      });
      groups.forEach(function (g) {
        var visible = g.querySelectorAll('li[data-search]:not([hidden])').length;
        g.hidden = visible === 0;
        // Banks not available yet stay folded away until a search finds one of them.
        if (g.hasAttribute('data-later')) g.open = q !== '' && visible > 0;
      });
      if (empty) empty.classList.toggle('hidden', shown !== 0);
      // Announced after a pause in typing, not on every key.
      clearTimeout(timer);
      timer = setTimeout(function () {
        var banks = function (n) {
          return n === 1 ? '1 bank' : n + ' banks';
        };
        count.textContent = q ? banks(shown) + ' match “' + input.value.trim() + '”' : banks(available) + ' available';
      }, 300);
    }
    input.addEventListener('input', apply);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      apply();
    });
  }

  function setupContinue() {
    var form = document.querySelector('form[data-continue]');
    if (!form) return;
    var button = form.querySelector('button[type="submit"]');
    form.addEventListener('submit', function () {
      if (form.getAttribute('target') !== '_blank') {
        // The page is leaving for the bank: one click is enough.
        var label = button.textContent;
        setTimeout(function () {
          button.disabled = true;
          button.textContent = 'Opening your bank…';
        }, 0);
        // Back from the bank with the browser's back button: the page may come from the cache, usable again.
        window.addEventListener('pageshow', function () {
          button.disabled = false;
          button.textContent = label;
        });
        return;
      }
      // Component: the bank opens in a new window; wait here for its answer.
      var waiting = document.querySelector('[data-waiting]');
      var after = form.getAttribute('data-flow-count') || '0';
      var url = form.getAttribute('data-status-url') + '?after=' + encodeURIComponent(after);
      setTimeout(function () {
        form.classList.add('hidden');
        waiting.classList.remove('hidden');
        waiting.focus();
        poll(url, 0);
      }, 0);
    });
  }

  function poll(url, round) {
    setTimeout(
      function () {
        fetch(url, { credentials: 'omit', cache: 'no-store' })
          .then(function (res) {
            if (res.status === 410) {
              window.location.reload();
              return null;
            }
            return res.json();
          })
          .then(function (answer) {
            if (!answer) return;
            if (answer.state === 'done') window.location.assign(answer.result_url);
            else poll(url, round + 1);
          })
          .catch(function () {
            poll(url, round + 1);
          });
      },
      round < 30 ? 1500 : 5000,
    );
  }

  /*
   * "Return to {lender}" in the component: the host page decides what comes next (it gets an `obi-connect:exit`
   * message with the reason); the link to the host's origin is only for a page without script.
   */
  function setupExit() {
    if (!hostOrigin() || window.parent === window) return;
    Array.prototype.slice.call(document.querySelectorAll('a[data-exit]')).forEach(function (a) {
      a.addEventListener('click', function (e) {
        e.preventDefault();
        tellHost({ type: 'obi-connect:exit', reason: a.getAttribute('data-exit') });
      });
    });
  }

  function setupButtons() {
    var close = document.querySelector('[data-close-window]');
    if (close)
      close.addEventListener('click', function () {
        window.close();
      });
    var heading = document.querySelector('[data-autofocus]');
    if (heading) heading.focus();
  }

  ready(function () {
    setupSearch();
    setupContinue();
    setupButtons();
    setupExit();
    setupFrame();
  });
})();

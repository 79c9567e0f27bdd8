/*
 * The connect component for client websites. Include it from the service and mount the one-time URL of
 * endpoint 7 into an element of your page:
 *
 *   <div id="bank-connect"></div>
 *   <script src="https://OBI_HOST/connect/embed.js" data-url="ONE_TIME_URL" data-target="#bank-connect"></script>
 *
 * or, from your own script:  ObiConnect.mount('#bank-connect', oneTimeUrl, { onEvent: function (e) { … } })
 *
 * It renders the hosted connect pages in an iframe that grows with its content, and reports the outcome as an
 * `obi-connect` DOM event on the element (detail: { type: 'obi-connect:result', status: 'Authorised' | 'Rejected'
 * | 'Revoked' | 'Error', bank_slug, consent_id, customer_id }); when the customer chooses "Return to {you}" or
 * Cancel, the event is { type: 'obi-connect:exit', reason: 'cancelled' | 'connected' | 'not_connected' | … }:
 * take the customer on (unmount the component). Messages are accepted only from the service's origin
 * and that iframe. Your page keeps no secret: the URL is single use and bound to your registered origin.
 */
/* global document, window, CustomEvent, URL */
(function () {
  'use strict';
  var script = document.currentScript;

  function mount(target, url, options) {
    options = options || {};
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('ObiConnect: no element matches ' + target);
    var origin = new URL(url, window.location.href).origin;
    var iframe = document.createElement('iframe');
    iframe.src = url;
    iframe.title = options.title || 'Connect your bank account';
    // The service checks which site loaded the URL: send the origin even when the page's own policy sends none.
    iframe.setAttribute('referrerpolicy', 'origin');
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.border = '0';
    iframe.style.minHeight = (options.minHeight || 520) + 'px';
    host.appendChild(iframe);

    function onMessage(e) {
      if (e.origin !== origin || e.source !== iframe.contentWindow) return;
      var d = e.data;
      if (!d || typeof d.type !== 'string' || d.type.indexOf('obi-connect:') !== 0) return;
      if (d.type === 'obi-connect:resize') {
        if (typeof d.height === 'number' && d.height > 0) iframe.style.height = Math.ceil(d.height) + 'px';
        return;
      }
      host.dispatchEvent(new CustomEvent('obi-connect', { detail: d, bubbles: true }));
      if (typeof options.onEvent === 'function') options.onEvent(d);
    }
    window.addEventListener('message', onMessage);
    return {
      iframe: iframe,
      destroy: function () {
        window.removeEventListener('message', onMessage);
        if (iframe.parentNode) iframe.parentNode.removeChild(iframe);
      },
    };
  }

  window.ObiConnect = { mount: mount };

  if (script && script.getAttribute('data-url') && script.getAttribute('data-target')) {
    var auto = function () {
      mount(script.getAttribute('data-target'), script.getAttribute('data-url'));
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', auto);
    else auto();
  }
})();

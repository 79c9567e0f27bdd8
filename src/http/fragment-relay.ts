/**
 * The page a bank's hybrid answer lands on. FAPI 1.0 Advanced's `code id_token` response comes back in the URL's
 * fragment, which browsers never send to a server: this page posts the fragment's members to the same address
 * (same origin, so the flow's binding cookie goes with it) and removes them from the address bar and history.
 * Its one inline script runs under a per-answer CSP nonce; nothing else may load or run.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export function sendFragmentRelay(reply: FastifyReply): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const script =
    "(function(){var h=location.hash.slice(1);history.replaceState(null,'',location.pathname);" +
    "if(!h){document.getElementById('m').textContent='Nothing to finish here. Go back to the app that sent you to your bank.';return;}" +
    "var f=document.createElement('form');f.method='POST';f.action=location.pathname;" +
    "new URLSearchParams(h).forEach(function(v,k){var i=document.createElement('input');i.type='hidden';i.name=k;i.value=v;f.appendChild(i);});" +
    'document.body.appendChild(f);f.submit();})();';
  const body =
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>Finishing with your bank</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem">` +
    `<p id="m">Finishing with your bank…</p>` +
    `<noscript><p>Your browser has JavaScript turned off, so this step cannot finish. Turn it on and start again.</p></noscript>` +
    `<script nonce="${nonce}">${script}</script></body></html>`;
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

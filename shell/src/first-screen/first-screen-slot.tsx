import { useEffect } from 'react';
import './first-screen.css';

/**
 * One remote's server-rendered markup on the served `/` (issue 14 item 1, docs/first-screen.md), wrapped in
 * `<div class="first-screen-slot" data-first-screen="<remote>">`. The wrapper is `display: contents`, so the markup
 * lays out exactly as the remote's own render, which replaces it: nothing moves when the app takes over.
 */
export function FirstScreenSlot({ remote, html }: { remote: string; html: string }) {
  return <div className="first-screen-slot" data-first-screen={remote} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The id of the page's data block (`<script type="application/json">`), read by the remotes. */
const DATA_ID = 'first-screen-data';

let captured: Map<string, string> | null = null;

/**
 * Reads the server's first screen out of `#root` before the shell renders over it (call once, before `root.render`):
 * keeps each slot's markup for {@link firstScreenPlaceholder} and moves the data block to `<body>`, where the remotes
 * find it after `#root` was replaced. Only on `/`, the page it was rendered for.
 */
export function captureFirstScreen(root: HTMLElement, pathname: string): void {
  captured = new Map();
  const data = document.getElementById(DATA_ID);
  if (data && root.contains(data)) document.body.appendChild(data);
  if (pathname !== '/') return;
  for (const slot of root.querySelectorAll<HTMLElement>('[data-first-screen]')) {
    captured.set(slot.dataset.firstScreen ?? '', slot.innerHTML);
  }
}

/**
 * What a remote's slot shows while the remote loads: its server markup, until the remote has rendered once (then
 * `undefined`, the usual loading text).
 */
export function firstScreenPlaceholder(remote: string) {
  const html = captured?.get(remote);
  return html === undefined ? undefined : <FirstScreenSlot remote={remote} html={html} />;
}

/** Called when `remote` has rendered its own markup: later loads of its slot show the usual loading text. */
export function useReleaseFirstScreen(remote: string, ready: boolean): void {
  useEffect(() => {
    if (ready) captured?.delete(remote);
  }, [remote, ready]);
}

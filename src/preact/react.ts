// The module the PWA imports as `react` (vite.config.ts and vitest.config.ts alias it, see
// scripts/preact-aliases.ts): Preact's React compatibility layer, plus what React 19 has and preact/compat
// does not yet export and the app's libraries use.
import { Component, type ComponentChildren, options, type VNode } from 'preact';
import { findDOMNode } from 'preact/compat';

// @ts-expect-error TS2498: preact/compat's types say `export =`; its module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

interface ActivityProps {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}

/**
 * React 19.2's `<Activity>`, as far as Mantine uses it (Transition, Collapse, Tabs and Stepper with
 * `keepMounted`): the children stay mounted and keep their state; while `mode` is "hidden" their
 * element is hidden with `display: none !important` (as React does). Mantine always gives it one
 * element, which is the one hidden. Unlike React, the children's effects keep running while hidden.
 */
export class Activity extends Component<ActivityProps> {
  private hidden: HTMLElement | null = null;
  private previousDisplay = { value: '', priority: '' };

  override componentDidMount() {
    this.apply();
  }

  override componentDidUpdate() {
    this.apply();
  }

  override componentWillUnmount() {
    this.show();
  }

  private apply() {
    const node = findDOMNode(this);
    const element = node instanceof HTMLElement ? node : null;
    if (this.hidden && this.hidden !== element) this.show();
    if (this.props.mode !== 'hidden' || !element) {
      this.show();
      return;
    }
    if (this.hidden === element && element.style.getPropertyValue('display') === 'none') return;
    this.previousDisplay = {
      value: element.style.getPropertyValue('display'),
      priority: element.style.getPropertyPriority('display'),
    };
    element.style.setProperty('display', 'none', 'important');
    this.hidden = element;
  }

  private show() {
    const element = this.hidden;
    if (!element) return;
    this.hidden = null;
    if (this.previousDisplay.value)
      element.style.setProperty('display', this.previousDisplay.value, this.previousDisplay.priority);
    else element.style.removeProperty('display');
  }

  override render() {
    return this.props.children;
  }
}

/**
 * React's `autoFocus`: an element rendered with it takes the focus once, when it is mounted (React
 * calls `focus()` at commit; Preact only sets the attribute, which a browser honours on page load but
 * not for an element added later, such as an input that replaces a value being edited).
 */
const autoFocused = new WeakSet<Element>();
const previousDiffed = options.diffed;
options.diffed = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && (vnode.props as { autoFocus?: unknown }).autoFocus) {
    // `__e` is the vnode's DOM element (Preact's mangled `_dom`, as preact/compat's findDOMNode reads it).
    const element = (vnode as unknown as { __e?: Element | null }).__e;
    if (element instanceof HTMLElement && !autoFocused.has(element)) {
      autoFocused.add(element);
      // After this render has put the element in the document.
      queueMicrotask(() => {
        if (element.isConnected) element.focus();
      });
    }
  }
  previousDiffed?.(vnode);
};

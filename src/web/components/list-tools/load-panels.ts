import { loadFeatureMessages } from '../../lib/i18n/i18n.tsx';
import type * as PanelsModule from '../toolbar-panels/toolbar-panels.tsx';
import type * as ViewsPanelModule from '../toolbar-panels/views-panel.tsx';

/**
 * The toolbar's panels (views, columns, export, in components/toolbar-panels/) and their texts in chunks of their own,
 * loaded on intent: when a toolbar button is first pointed at, focused or clicked. The buttons, the active view's name
 * and the default view stay in the list's chunk. The panels never import the buttons: what a button hands its panel
 * is the panel's own props type, which the button imports (types only), so the two folders import one way.
 */
let panels: Promise<typeof PanelsModule & typeof ViewsPanelModule> | null = null;
export function loadPanels() {
  panels ??= Promise.all([import('../toolbar-panels/toolbar-panels.tsx'), import('../toolbar-panels/views-panel.tsx'), loadFeatureMessages('toolbar-panels')]).then(
    ([panelsModule, viewsModule]) => ({ ...panelsModule, ...viewsModule }),
  );
  panels.catch(() => {
    panels = null; // a failed download is tried again on the next intent
  });
  return panels;
}

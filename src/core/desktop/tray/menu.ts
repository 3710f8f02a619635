// The tray's menu over com.canonical.dbusmenu (version 3), the protocol every StatusNotifierItem host
// draws menus from: GetLayout (the tree with each item's properties), GetGroupProperties and
// GetProperty, Event ("clicked" runs the item's action; hosts differ in its data: GTK an int32 0,
// KDE an empty string, both accepted), AboutToShow (the state is read again before opening), and
// LayoutUpdated / ItemsPropertiesUpdated when the state changes while the menu is known.
import dbus from 'dbus-next';
import { findItem, type MenuAction, type MenuItem } from './menu-model.js';

const { Interface } = dbus.interface;
const { Variant } = dbus;

type Properties = Record<string, InstanceType<typeof Variant>>;
type Layout = [number, Properties, InstanceType<typeof Variant>[]];

function propertiesOf(item: MenuItem): Properties {
  const properties: Properties = {};
  if (item.separator) properties.type = new Variant('s', 'separator');
  if (item.label !== undefined) properties.label = new Variant('s', item.label.replace(/_/g, '__'));
  if (item.enabled === false) properties.enabled = new Variant('b', false);
  if (item.toggle) {
    properties['toggle-type'] = new Variant('s', item.toggle);
    properties['toggle-state'] = new Variant('i', item.checked ? 1 : 0);
  }
  if (item.children) properties['children-display'] = new Variant('s', 'submenu');
  return properties;
}

function layoutOf(item: MenuItem, depth: number): Layout {
  const children = depth === 0 ? [] : (item.children ?? []).map((child) => new Variant('(ia{sv}av)', layoutOf(child, depth - 1)));
  return [item.id, propertiesOf(item), children];
}

/** The com.canonical.dbusmenu object: `items()` the menu now, `refresh()` reads the state again,
 * `onAction` runs a click. */
export class DbusMenu extends Interface {
  revision = 1;
  constructor(
    private items: () => MenuItem[],
    private readonly refresh: () => Promise<void>,
    private readonly onAction: (action: MenuAction) => void,
  ) {
    super('com.canonical.dbusmenu');
  }
  get Version(): number {
    return 3;
  }
  get TextDirection(): string {
    return 'ltr';
  }
  get Status(): string {
    return 'normal';
  }
  get IconThemePath(): string[] {
    return [];
  }
  private root(): MenuItem {
    return { id: 0, children: this.items() };
  }
  GetLayout(parentId: number, recursionDepth: number, _names: string[]): [number, Layout] {
    const parent = parentId === 0 ? this.root() : findItem(this.items(), parentId);
    if (!parent) throw new dbus.DBusError('com.canonical.dbusmenu.Error.NoSuchItem', `no menu item ${parentId}`);
    return [this.revision, layoutOf(parent, recursionDepth < 0 ? 100 : recursionDepth)];
  }
  GetGroupProperties(ids: number[], _names: string[]): [number, Properties][] {
    const items = this.items();
    const wanted = ids.length === 0 ? allItems(items) : ids.flatMap((id) => findItem(items, id) ?? []);
    return wanted.map((item) => [item.id, propertiesOf(item)]);
  }
  GetProperty(id: number, name: string): InstanceType<typeof Variant> {
    const item = findItem(this.items(), id);
    const value = item && propertiesOf(item)[name];
    if (!value) throw new dbus.DBusError('com.canonical.dbusmenu.Error.NoSuchItem', `no property ${name} on menu item ${id}`);
    return value;
  }
  Event(id: number, eventId: string, _data: unknown, _timestamp: number): void {
    if (eventId !== 'clicked') return;
    const item = findItem(this.items(), id);
    if (item?.action && item.enabled !== false) this.onAction(item.action);
  }
  EventGroup(events: [number, string, unknown, number][]): number[] {
    const known = events.filter(([id]) => findItem(this.items(), id) !== undefined);
    for (const [id, eventId, data, timestamp] of known) this.Event(id, eventId, data, timestamp);
    return events.filter(([id]) => findItem(this.items(), id) === undefined).map(([id]) => id);
  }
  async AboutToShow(_id: number): Promise<boolean> {
    const before = JSON.stringify(this.items());
    await this.refresh();
    return JSON.stringify(this.items()) !== before;
  }
  async AboutToShowGroup(ids: number[]): Promise<[number[], number[]]> {
    const changed = await this.AboutToShow(0);
    return [changed ? ids : [], []];
  }
  /** The menu changed: a new revision, and both signals for hosts that listen to either. */
  changed(): void {
    this.revision++;
    this.ItemsPropertiesUpdated(
      allItems(this.items()).map((item) => [item.id, propertiesOf(item)]),
      [],
    );
    this.LayoutUpdated(this.revision, 0);
  }
  LayoutUpdated(revision: number, parent: number): [number, number] {
    return [revision, parent];
  }
  ItemsPropertiesUpdated(updated: [number, Properties][], removed: [number, string[]][]): [[number, Properties][], [number, string[]][]] {
    return [updated, removed];
  }
}

function allItems(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...allItems(item.children ?? [])]);
}

DbusMenu.configureMembers({
  properties: {
    Version: { signature: 'u', access: 'read' },
    TextDirection: { signature: 's', access: 'read' },
    Status: { signature: 's', access: 'read' },
    IconThemePath: { signature: 'as', access: 'read' },
  },
  methods: {
    GetLayout: { inSignature: 'iias', outSignature: 'u(ia{sv}av)' },
    GetGroupProperties: { inSignature: 'aias', outSignature: 'a(ia{sv})' },
    GetProperty: { inSignature: 'is', outSignature: 'v' },
    Event: { inSignature: 'isvu', outSignature: '' },
    EventGroup: { inSignature: 'a(isvu)', outSignature: 'ai' },
    AboutToShow: { inSignature: 'i', outSignature: 'b' },
    AboutToShowGroup: { inSignature: 'ai', outSignature: 'aiai' },
  },
  signals: {
    LayoutUpdated: { signature: 'ui' },
    ItemsPropertiesUpdated: { signature: 'a(ia{sv})a(ias)' },
  },
});

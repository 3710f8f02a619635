// The StatusNotifierItem (org.kde.StatusNotifierItem, the name every host uses): Id `wallpaper`,
// Category ApplicationStatus, Title `wallpaper`, the wallpaper on screen as IconPixmap, a tooltip of
// its title, size and credit, the menu at /MenuBar. Activate (left click) asks for `next`; Scroll
// for next (down) and back (up): hosts send the delta's sign differently per axis, so only the sign
// of a vertical delta counts. NewIcon and NewToolTip tell the host to read them again.
import dbus from 'dbus-next';
import type { Pixmap } from './icon.js';

const { Interface } = dbus.interface;

export const MENU_PATH = '/MenuBar';

export interface ItemLook {
  pixmaps: Pixmap[];
  title: string;
  description: string;
}

export class StatusNotifierItem extends Interface {
  look: ItemLook = { pixmaps: [], title: 'wallpaper', description: '' };
  constructor(private readonly onAct: (what: 'next' | 'back') => void) {
    super('org.kde.StatusNotifierItem');
  }
  get Category(): string {
    return 'ApplicationStatus';
  }
  get Id(): string {
    return 'wallpaper';
  }
  get Title(): string {
    return 'wallpaper';
  }
  get Status(): string {
    return 'Active';
  }
  get WindowId(): number {
    return 0;
  }
  get IconName(): string {
    return '';
  }
  get IconPixmap(): Pixmap[] {
    return this.look.pixmaps;
  }
  get OverlayIconName(): string {
    return '';
  }
  get AttentionIconName(): string {
    return '';
  }
  get ToolTip(): [string, Pixmap[], string, string] {
    return ['', [], this.look.title, this.look.description];
  }
  get ItemIsMenu(): boolean {
    return false;
  }
  get Menu(): string {
    return MENU_PATH;
  }
  Activate(_x: number, _y: number): void {
    this.onAct('next');
  }
  SecondaryActivate(_x: number, _y: number): void {}
  ContextMenu(_x: number, _y: number): void {}
  Scroll(delta: number, orientation: string): void {
    if (orientation.toLowerCase() !== 'vertical' || delta === 0) return;
    // Qt and GTK hosts: a negative delta is a wheel turned down (towards the user).
    this.onAct(delta < 0 ? 'next' : 'back');
  }
  /** Show `look`: the host is told to read the icon and the tooltip again. */
  show(look: ItemLook): void {
    this.look = look;
    this.NewIcon();
    this.NewToolTip();
  }
  NewIcon(): void {}
  NewToolTip(): void {}
  NewTitle(): void {}
  NewStatus(status: string): string {
    return status;
  }
}

StatusNotifierItem.configureMembers({
  properties: {
    Category: { signature: 's', access: 'read' },
    Id: { signature: 's', access: 'read' },
    Title: { signature: 's', access: 'read' },
    Status: { signature: 's', access: 'read' },
    WindowId: { signature: 'i', access: 'read' },
    IconName: { signature: 's', access: 'read' },
    IconPixmap: { signature: 'a(iiay)', access: 'read' },
    OverlayIconName: { signature: 's', access: 'read' },
    AttentionIconName: { signature: 's', access: 'read' },
    ToolTip: { signature: '(sa(iiay)ss)', access: 'read' },
    ItemIsMenu: { signature: 'b', access: 'read' },
    Menu: { signature: 'o', access: 'read' },
  },
  methods: {
    Activate: { inSignature: 'ii' },
    SecondaryActivate: { inSignature: 'ii' },
    ContextMenu: { inSignature: 'ii' },
    Scroll: { inSignature: 'is' },
  },
  signals: {
    NewIcon: { signature: '' },
    NewToolTip: { signature: '' },
    NewTitle: { signature: '' },
    NewStatus: { signature: 's' },
  },
});

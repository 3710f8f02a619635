// Windows per monitor: the shell's IDesktopWallpaper COM interface (Windows 8+), declared for
// PowerShell's Add-Type, lists the monitors (device path and rectangle) and sets each one's
// wallpaper. Values travel in environment variables, never as PowerShell source text.

/** The variable holding `[{monitor, file}]` as JSON for the setting script. */
export const ASSIGNMENTS_VARIABLE = 'WALLPAPER_SETTER_ASSIGNMENTS';

// Only the interface's first five methods are declared, in their vtable order.
const INTEROP = `
using System;
using System.Runtime.InteropServices;
namespace WallpaperDesktop {
  [StructLayout(LayoutKind.Sequential)] public struct Rect { public int Left, Top, Right, Bottom; }
  [ComImport, Guid("B92B56A9-8B55-4E14-9A89-0199BBB6F93B"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  public interface IDesktopWallpaper {
    void SetWallpaper([MarshalAs(UnmanagedType.LPWStr)] string monitorID, [MarshalAs(UnmanagedType.LPWStr)] string wallpaper);
    [return: MarshalAs(UnmanagedType.LPWStr)] string GetWallpaper([MarshalAs(UnmanagedType.LPWStr)] string monitorID);
    [return: MarshalAs(UnmanagedType.LPWStr)] string GetMonitorDevicePathAt(uint monitorIndex);
    uint GetMonitorDevicePathCount();
    Rect GetMonitorRECT([MarshalAs(UnmanagedType.LPWStr)] string monitorID);
  }
  [ComImport, Guid("C2CF3110-460E-4fc1-B9D0-8A1C0C9CC4BD")] public class DesktopWallpaperClass {}
  public static class Desktop { public static IDesktopWallpaper Get() { return (IDesktopWallpaper)new DesktopWallpaperClass(); } }
}`;

const PRELUDE = [
  "$ErrorActionPreference = 'Stop'",
  `Add-Type -TypeDefinition @'${INTEROP}\n'@`,
  '$desktop = [WallpaperDesktop.Desktop]::Get()',
];

/** Prints the attached monitors as JSON `[{name, x, y, width, height}]`. */
export const MONITORS_SCRIPT = [
  ...PRELUDE,
  '$monitors = @()',
  'for ($i = 0; $i -lt $desktop.GetMonitorDevicePathCount(); $i++) {',
  '  $id = $desktop.GetMonitorDevicePathAt($i)',
  '  $r = $desktop.GetMonitorRECT($id)',
  '  if ($r.Right -gt $r.Left) { $monitors += [pscustomobject]@{ name = $id; x = $r.Left; y = $r.Top; width = $r.Right - $r.Left; height = $r.Bottom - $r.Top } }',
  '}',
  'ConvertTo-Json -InputObject $monitors -Compress',
].join('\n');

/** Sets each `{monitor, file}` of the assignments variable. */
export const SET_EACH_SCRIPT = [
  ...PRELUDE,
  `foreach ($a in (ConvertFrom-Json $env:${ASSIGNMENTS_VARIABLE})) { $desktop.SetWallpaper($a.monitor, $a.file) }`,
].join('\n');

/** PowerShell's arguments for a script: -EncodedCommand (base64 of UTF-16LE), which survives any
 * command line, where Windows PowerShell 5.1 re-parses -Command and drops embedded quotes. */
export const powershellArgs = (script: string): string[] => [
  '-NoProfile',
  '-NonInteractive',
  '-EncodedCommand',
  Buffer.from(script, 'utf16le').toString('base64'),
];

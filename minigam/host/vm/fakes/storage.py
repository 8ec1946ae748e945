"""VM fake of CircuitPython's ``storage``: remount and getmount do nothing."""


class _Mount:
    readonly = True
    label = "CIRCUITPY"


_mount = _Mount()


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    _mount.readonly = readonly


def getmount(mount_path):
    return _mount


def mount(filesystem, mount_path, *, readonly=False):
    pass


def umount(mount):
    pass


def erase_filesystem(extended=None):
    raise SystemExit("storage.erase_filesystem()")


def disable_usb_drive():
    pass


def enable_usb_drive():
    pass

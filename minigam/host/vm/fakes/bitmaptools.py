"""VM fake of CircuitPython's ``bitmaptools`` (native on a board; slow loops here)."""


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    x2 = source_bitmap.width if x2 is None else x2
    y2 = source_bitmap.height if y2 is None else y2
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest_bitmap.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest_bitmap.width:
                continue
            v = source_bitmap[sx, sy]
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dest_bitmap[dx, dy] == skip_dest_index:
                continue
            dest_bitmap[dx, dy] = v


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    for yy in range(max(0, y1), min(dest_bitmap.height, y2)):
        for xx in range(max(0, x1), min(dest_bitmap.width, x2)):
            dest_bitmap[xx, yy] = value


def replace_color(dest_bitmap, old_color, new_color):
    for yy in range(dest_bitmap.height):
        for xx in range(dest_bitmap.width):
            if dest_bitmap[xx, yy] == old_color:
                dest_bitmap[xx, yy] = new_color


def draw_line(dest_bitmap, x1, y1, x2, y2, value):
    n = max(abs(x2 - x1), abs(y2 - y1), 1)
    for i in range(n + 1):
        xx = x1 + (x2 - x1) * i // n
        yy = y1 + (y2 - y1) * i // n
        if 0 <= xx < dest_bitmap.width and 0 <= yy < dest_bitmap.height:
            dest_bitmap[xx, yy] = value

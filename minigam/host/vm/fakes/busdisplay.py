"""VM fake of CircuitPython 9+'s ``busdisplay``: keeps the root group, counts refreshes."""


class BusDisplay:
    def __init__(self, display_bus, init_sequence, *, width, height, colstart=0, rowstart=0,
                 rotation=0, color_depth=16, grayscale=False, pixels_in_byte_share_row=True,
                 bytes_per_cell=1, reverse_pixels_in_byte=False, reverse_bytes_in_word=True,
                 set_column_command=0x2A, set_row_command=0x2B, write_ram_command=0x2C,
                 backlight_pin=None, brightness_command=None, brightness=1.0,
                 single_byte_bounds=False, data_as_commands=False, auto_refresh=True,
                 native_frames_per_second=60, backlight_on_high=True, SH1107_addressing=False,
                 backlight_pwm_frequency=50000):
        self.bus = display_bus
        # As constructed, as CircuitPython and Blinka report them: the
        # width and height are already those of the rotated picture.
        self.width = width
        self.height = height
        self.rotation = rotation
        self.brightness = brightness
        self.auto_refresh = auto_refresh
        self.root_group = None
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True

    def show(self, group):  # CircuitPython 8 API, removed in 9
        self.root_group = group

    def fill_row(self, y, buffer):
        return buffer

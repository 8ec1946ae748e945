"""The desktop simulator: the real app on PC fakes of the hardware (``hwhost``), in a pygame window or the terminal, and PNG rendering of its frames."""

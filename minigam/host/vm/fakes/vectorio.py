"""VM fake of CircuitPython's ``vectorio``: Rectangle, Circle and Polygon as plain records."""


class _Shape:
    def __init__(self, pixel_shader, x, y, color_index):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False

    @property
    def location(self):
        return (self.x, self.y)

    @location.setter
    def location(self, xy):
        self.x, self.y = xy


class Rectangle(_Shape):
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        if width < 1 or height < 1:
            raise ValueError("width and height must be >= 1")
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.width = width
        self.height = height


class Circle(_Shape):
    def __init__(self, *, pixel_shader, radius, x=0, y=0, color_index=0):
        if radius < 1:
            raise ValueError("radius must be >= 1")
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.radius = radius


class Polygon(_Shape):
    def __init__(self, *, pixel_shader, points, x=0, y=0, color_index=0):
        if len(points) < 3:
            raise ValueError("a polygon needs 3 points")
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.points = points

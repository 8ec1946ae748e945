"""From the pin data to a board: the hardware guide's generated tables, views and case (``hwdocs``), and deploying the package to a CIRCUITPY drive."""

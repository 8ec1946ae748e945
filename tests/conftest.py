"""pytest set-up shared by every host test.

Blinka refuses to run on a PC unless ``BLINKA_OS_AGNOSTIC`` is set, and it
reads it when ``board`` is first imported: set it here, before any test
module (or anything they import) can import ``board``.
"""

import os

os.environ["BLINKA_OS_AGNOSTIC"] = "1"

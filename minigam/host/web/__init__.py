"""The browser page: the release's firmware on rp2040js in a web page
(``build``), served locally (``serve``) and driven by tests (``browser``)."""

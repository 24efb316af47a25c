"""Game-state reconstruction sessions (docs/judging-reconstruction.md): ``engine`` adapts the
rules engine (reads only), ``services`` makes every change, ``api`` and ``views`` are the entry
points. Callers import the module they need (``from judging.reconstruction import services as
recon_services``)."""

"""``printandplay serve``: a local web deck builder on 127.0.0.1.

By seam: :mod:`.catalog` what the pages show of a game (its cards, filters and deck rules,
reloaded when its files change); :mod:`.gallery` the cards' PNGs (the ``export --png`` faces,
cached under the output folder by the game data's hash); :mod:`.decks` deck lists to and from
the page, checked by the one validator; :mod:`.printing` the print and Tabletop Simulator
buttons (the code of ``print-deck`` and ``export --tts``); :mod:`.guard` the request checks
(Host, Origin, body size); :mod:`.state` what the routes share (limits, errors as JSON);
:mod:`.app` the Starlette routes; :mod:`.server` uvicorn on a port.
"""

"""The browser side of the offline copy and the player's storage: carries out the effects of
``ui/settings.py`` (storage estimate, persistent storage, clearing the player's data, switching to a
waiting new version) and tells the app when a new version is waiting.

The service worker itself is registered by ``index.html`` once the app runs (``window.gncUpdate``);
this module only listens to it and asks it for its version. ``start(shell)`` runs at boot (the update
offer, the request to keep the storage); ``install()`` adds the settings' effects when the settings
page first asks (``py/main.py`` names it in ``dom.SERVICES``), so the start page does not import it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import js  # browser-only by design
from pyodide.ffi import create_proxy, jsnull, to_js

from gamenight.ui import dom
from gamenight.ui.program import ApplyUpdate, UpdateReady

if TYPE_CHECKING:  # the settings page's module loads with its first effect, not at boot
    from gamenight.ui.settings import ClearData, StorageReport

VERSION_TIMEOUT_S = 2.0  # a worker that does not answer (an old one) shows no version
_tasks: set[asyncio.Future] = set()  # running coroutines must be referenced until they end


def start(shell: dom.Shell) -> None:
    """At boot: tell ``shell`` when a new version waits, switch to it when asked; ask once, on a return
    visit, that the browser keep the app's storage."""
    dom.EFFECT_HANDLERS[ApplyUpdate] = lambda _sh, _e: js.window.gncUpdate.apply()
    js.window.addEventListener("gnc:update", create_proxy(lambda _event: shell.send(UpdateReady())))
    if js.window.gncUpdate.waiting:
        shell.send(UpdateReady())
    if _controller() is not None:
        # A returning player with the app saved: stats and saved games are worth keeping. (Chrome and
        # Safari decide silently; Firefox asks the player, which on a first visit would be too soon.)
        _spawn(_persist())


def install() -> None:
    """Carry out the settings page's effects."""
    from gamenight.ui import settings as st

    dom.EFFECT_HANDLERS.update(
        {
            st.ReadStorage: _read,
            st.KeepStorage: lambda shell, _e: _spawn(_keep(shell)),
            st.ClearData: _clear,
        }
    )


# The listener that tells the settings when a service worker takes the page, held while the page lives (a
# proxy the browser calls must not be collected); one, however often the page asks.
_watching: list[Any] = []


def _read(shell: dom.Shell, _effect: Any) -> None:
    """Measure, and while no service worker controls the page (a first visit: it is still saving the app),
    measure again when one does: the page said "Not saved yet" until a reload."""
    from gamenight.ui.settings import OfflineSaved

    _spawn(_report(shell))
    workers = getattr(js.navigator, "serviceWorker", None)
    if _watching or _controller() is not None or workers is None or workers is js.undefined:
        return
    _watching.append(create_proxy(lambda _event: shell.send(OfflineSaved())))
    workers.addEventListener("controllerchange", _watching[0])


def _spawn(coroutine: Any) -> None:
    task = asyncio.ensure_future(coroutine)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def _storage() -> Any:
    storage = getattr(js.navigator, "storage", None)
    return None if storage is None or storage is js.undefined else storage


def _controller() -> Any:
    workers = getattr(js.navigator, "serviceWorker", None)
    if workers is None or workers is js.undefined:
        return None
    controller = workers.controller
    return None if controller is None or controller is jsnull else controller


async def _persist() -> bool | None:
    storage = _storage()
    if storage is None or not hasattr(storage, "persist"):
        return None
    try:
        return bool(await storage.persisted()) or bool(await storage.persist())
    except Exception as err:  # refused or unsupported: the app works the same, only less safely kept
        js.console.warn(f"persistent storage: {err}")
        return False


async def _keep(shell: dom.Shell) -> None:
    from gamenight.ui.settings import KeptAnswer

    await _persist()
    shell.send(KeptAnswer(await _measure()))


async def _report(shell: dom.Shell) -> None:
    shell.send(await _measure())


async def _measure() -> StorageReport:
    """What the app keeps on this device, as the browser tells it."""
    from gamenight.ui.settings import StorageReport, clearable, local_data_size

    usage = quota = offline = None
    persisted = None
    has_local = True
    storage = _storage()
    if storage is not None:
        try:
            estimate = await storage.estimate()
            usage, quota = int(estimate.usage), int(estimate.quota)
            details = getattr(estimate, "usageDetails", None)  # Chromium only
            if details is not None and details is not js.undefined:
                offline = int(getattr(details, "caches", 0) or 0)
                has_local = False  # Chromium's estimate leaves local storage out (settings.StorageReport)
            if hasattr(storage, "persisted"):
                persisted = bool(await storage.persisted())
        except Exception as err:  # an estimate the browser refuses: show what we know
            js.console.warn(f"storage estimate: {err}")
    entries = _local_entries()
    count, size = local_data_size(entries)
    to_clear = clearable((key for key, _value in entries), dom.STORAGE_PREFIX)
    return StorageReport(usage, quota, offline, count, size, persisted, await _version(), to_clear, has_local)


def _local_entries() -> list[tuple[str, str]]:
    """The app's local-storage entries (its ``gnc:`` keys), as (key, value)."""
    try:
        store = js.localStorage
        keys = [str(store.key(i)) for i in range(int(store.length))]
        return [(k, str(store.getItem(k))) for k in keys if k.startswith(dom.STORAGE_PREFIX)]
    except Exception:  # storage disabled: nothing kept
        return []


def _clear(shell: dom.Shell, effect: ClearData) -> None:
    from gamenight.ui.settings import cleared

    for key, _value in _local_entries():
        if not cleared(key, dom.STORAGE_PREFIX):  # the rule the page counted by (``clearable``)
            continue
        try:
            js.localStorage.removeItem(key)
        except Exception as err:
            js.console.warn(f"could not remove {key}: {err}")
    _spawn(_report(shell))


async def _version() -> str:
    """The build of the service worker controlling this page ("" when none does or it is silent)."""
    controller = _controller()
    if controller is None:
        return ""
    answer: asyncio.Future = asyncio.get_running_loop().create_future()
    channel = js.MessageChannel.new()

    def on_message(event: Any) -> None:
        if not answer.done():
            answer.set_result(str(event.data.build))

    proxy = create_proxy(on_message)
    channel.port1.onmessage = proxy
    message = to_js({"type": "GNC_VERSION"}, dict_converter=js.Object.fromEntries)
    controller.postMessage(message, to_js([channel.port2]))
    try:
        return await asyncio.wait_for(answer, VERSION_TIMEOUT_S)
    except TimeoutError:
        return ""
    finally:
        channel.port1.close()
        proxy.destroy()

"""The serverless handshake's codes: a WebRTC offer or answer squeezed into a short link-safe code.

A code holds only what the other browser needs to reach this one: the ICE username fragment and
password, the DTLS certificate fingerprint, the UDP candidates, and a little lobby data (the invite's
id and time, the lobby's id and name, its game and its host's name, so the guest sees what it is
invited to, and the member it brings back, if any; for a reply, the guest's name). Everything else of the SDP is
what Chromium and Firefox always write for one data channel, so ``build_sdp`` writes it back.

Layout (all integers big-endian)::

    header   1 byte   version << 4 | kind << 1 | deflated      (kind: 0 invitation, 1 reply)
    length   2 bytes  bytes that follow (body + check)
    body     n bytes  the fields below, raw-deflated when that is shorter
    check    2 bytes  CRC-32 of header, length and body, low 16 bits

Body of an invitation: invite id (4), lobby id (4), issued at (4, Unix seconds), ICE ufrag and pwd
(each: a length byte, then 6 bits per character), fingerprint (32, SHA-256), candidates (a count
byte, then each: kind byte = type | family << 2, the address, the port (2)), lobby name, game id
and host name (each a length byte, then UTF-8), and, only in an invitation the host made for a member who is away
(their row's "Invite again"), that member's name (a length byte, then UTF-8). A reply: invite id (4), ufrag,
pwd, fingerprint, candidates, setup role (1: 0 active, 1 passive), guest name. The code is the whole thing in
base64url without padding.

Decoding is strict and each failure says what went wrong in a sentence a player understands. The
check is read before the version: only an intact code of another version is called one; anything else
that is not a whole code of this version is cut off, changed, extended or not a code at all.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import struct
import uuid
import zlib
from bisect import bisect_left
from dataclasses import dataclass, replace
from itertools import accumulate
from typing import Literal
from urllib.parse import unquote

from gamenight.core.errors import GameNightError
from gamenight.i18n import N_, reasons, terms

VERSION = 2  # 2: the invitation names its game and its host
INVITE_TTL_S = 10 * 60
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
TYPES = ("host", "srflx", "prflx", "relay")
TYPE_PREFERENCE = {"host": 126, "prflx": 110, "srflx": 100, "relay": 0}
FAMILIES = ("ipv4", "ipv6", "mdns")  # mdns: Chromium's <uuid>.local host names
MAX_CANDIDATES = 8
MAX_LOBBY_NAME = 40
MAX_HOST_NAME = 24  # characters (the lobby's longest member name)
GAME_ID = re.compile(r"[a-z][a-z0-9-]{0,31}\Z")
MAX_CODE = 1200  # characters; a longer text is not one of our codes
FINGERPRINT_BYTES = 32
ICE_CHAR = re.compile(r"[A-Za-z0-9+/]{1,256}\Z")
B64_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"  # base64url, in order
CODE_CHARS = re.compile(r"[A-Za-z0-9_-]*\Z")

Kind = Literal["invitation", "reply"]
_KINDS: tuple[Kind, Kind] = ("invitation", "reply")


class BadCode(GameNightError):
    """A code that cannot be used; ``reason`` names why for programs: ``empty``, ``long``, ``garbled``,
    ``truncated``, ``damaged``, ``two``, ``version``, ``kind``, ``expired``, ``reused``, ``unknown``,
    ``unusable``."""

    def __init__(self, reason: str, code: str, /, **params: object) -> None:
        super().__init__(code, **params)
        self.reason = reason


reasons(
    {
        "code-unreadable-offer": N_("The browser made a connection offer this app cannot read."),
        "code-no-address": N_("This browser found no network address to offer: check your connection."),
        "code-credentials": N_("The browser made ICE credentials this app cannot carry."),
        "code-expired": N_(
            "This invitation expired {minutes} min ago (invitations last 10 minutes): ask your host for a new one."
        ),
        "code-answered": N_("You have already answered this invitation: ask your host for a new one."),
        "code-empty": N_("Paste the {what} code first."),
        "code-long": N_("That is too long to be a Game Night {what} code. Copy the code again, and only the code."),
        "code-garbled": N_(
            "That is not a Game Night {what} code: it has characters no code contains. Copy the whole code again."
        ),
        "code-foreign": N_(
            "That is not a Game Night {what} code (it is not one this site makes, or a large part of it is "
            "wrong). Copy the whole link or code again."
        ),
        "code-version": N_(
            "This {what} code was made by a different version of Game Night Central (code version {got}, this "
            "page reads version {want}). Ask for a new one, and make sure you both use the same site."
        ),
        "code-extra": N_("This {what} code has extra characters at its end: copy exactly the code."),
        "code-not-invitation": N_(
            "This is a reply code, not an invitation: the guest opens the host's invitation, and the host "
            "pastes the guest's reply."
        ),
        "code-not-reply": N_(
            "This is an invitation code, not a reply: the guest opens the host's invitation, and the host "
            "pastes the guest's reply."
        ),
        "code-truncated": N_("This {what} code is incomplete: it was probably cut off. Copy the whole code again."),
        "code-damaged": N_("This code is damaged (a character was changed or lost): copy it again."),
        "code-two": N_("This text holds two different Game Night codes: paste one at a time."),
    }
)
terms({"invitation": N_("invitation"), "reply": N_("reply")})


@dataclass(frozen=True)
class Candidate:
    """One ICE candidate: ``address`` is an IP address or a ``<uuid>.local`` name."""

    address: str
    port: int
    type: str = "host"


@dataclass(frozen=True)
class Transport:
    """What WebRTC needs of one side's description: ICE credentials, DTLS fingerprint, candidates."""

    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]
    setup: str = "actpass"  # actpass in an offer; active or passive in an answer


@dataclass(frozen=True)
class Invitation:
    """The host's offer: which invite, of which lobby, made when."""

    invite: bytes  # 4 bytes: names the pending invite at the host
    lobby: bytes  # 4 bytes: names the lobby (guests keep their reconnect token under it)
    issued_s: int
    lobby_name: str
    transport: Transport
    game: str = ""  # the lobby's game id (registry id; "" only in codes made by hand)
    host: str = ""  # the host's display name
    # The member this invitation brings back to their seat (made from their row while they were away), or "" for
    # anyone: the guest's page says whose it is and fills in the name (the lobby checks it, ``Session.invited_back``).
    member: str = ""

    def expires_s(self) -> int:
        """When this invitation stops being accepted (Unix seconds)."""
        return self.issued_s + INVITE_TTL_S

    @property
    def invite_id(self) -> str:
        return self.invite.hex()

    @property
    def lobby_id(self) -> str:
        return self.lobby.hex()


@dataclass(frozen=True)
class Reply:
    """The guest's answer to invitation ``invite``."""

    invite: bytes
    name: str
    transport: Transport

    @property
    def invite_id(self) -> str:
        return self.invite.hex()


# --- SDP ------------------------------------------------------------------------------------------


def parse_sdp(sdp: str) -> Transport:
    """The transport of a browser's data-channel description; raises ``BadCode`` if it lacks a part.

    Only UDP candidates are kept (every browser gathers them; TCP candidates would double the code).
    """
    ufrag = pwd = fingerprint = None
    setup = "actpass"
    candidates: list[Candidate] = []
    for line in sdp.splitlines():
        line = line.strip()
        if line.startswith("a=ice-ufrag:"):
            ufrag = line.partition(":")[2]
        elif line.startswith("a=ice-pwd:"):
            pwd = line.partition(":")[2]
        elif line.startswith("a=fingerprint:"):
            algorithm, _, value = line.partition(":")[2].partition(" ")
            if algorithm.lower() == "sha-256":
                fingerprint = bytes.fromhex(value.replace(":", ""))
        elif line.startswith("a=setup:"):
            setup = line.partition(":")[2]
        elif line.startswith("a=candidate:"):
            candidate = _parse_candidate(line)
            if candidate is not None and candidate not in candidates:
                candidates.append(candidate)
    if ufrag is None or pwd is None or fingerprint is None or len(fingerprint) != FINGERPRINT_BYTES:
        raise BadCode("unusable", "code-unreadable-offer")
    return Transport(ufrag, pwd, fingerprint, tuple(candidates[:MAX_CANDIDATES]), setup)


def _parse_candidate(line: str) -> Candidate | None:
    parts = line.split()
    if len(parts) < 8 or parts[2].lower() != "udp" or parts[6] != "typ" or parts[7] not in TYPES:
        return None
    try:
        port = int(parts[5])
        _address_bytes(parts[4])
    except ValueError:
        return None
    return Candidate(parts[4], port, parts[7]) if 0 < port < 65536 else None


def build_sdp(transport: Transport, *, session_id: int = 1) -> str:
    """A complete data-channel description for ``transport`` that Chromium and Firefox accept."""
    lines = [
        "v=0",
        f"o=- {session_id} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, c in enumerate(transport.candidates):
        priority = (TYPE_PREFERENCE[c.type] << 24) + ((65535 - i) << 8) + 255
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ {c.type} generation 0")
    lines += [
        "a=end-of-candidates",
        f"a=ice-ufrag:{transport.ufrag}",
        f"a=ice-pwd:{transport.pwd}",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in transport.fingerprint),
        f"a=setup:{transport.setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


# --- encoding -------------------------------------------------------------------------------------


def encode_invitation(invitation: Invitation) -> str:
    """The invitation's code (raises ``BadCode`` if the offer has no usable candidate)."""
    name = invitation.lobby_name.encode()[: MAX_LOBBY_NAME * 4]
    body = (
        invitation.invite
        + invitation.lobby
        + struct.pack(">I", invitation.issued_s)
        + _transport_bytes(invitation.transport)
        + _text(name)
        + _text(invitation.game.encode())
        + _text(invitation.host.encode()[: MAX_HOST_NAME * 4])
        + (_text(invitation.member.encode()[: MAX_HOST_NAME * 4]) if invitation.member else b"")
    )
    return _wrap(0, body)


def encode_reply(reply: Reply) -> str:
    """The reply's code (raises ``BadCode`` if the answer has no usable candidate)."""
    setup = b"\x01" if reply.transport.setup == "passive" else b"\x00"
    return _wrap(1, reply.invite + _transport_bytes(reply.transport) + setup + _text(reply.name.encode()))


def _wrap(kind: int, body: bytes) -> str:
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflater.compress(body) + deflater.flush()
    deflated = len(packed) < len(body)
    body = packed if deflated else body
    head = bytes([VERSION << 4 | kind << 1 | deflated]) + struct.pack(">H", len(body) + 2)
    check = struct.pack(">H", zlib.crc32(head + body) & 0xFFFF)
    return base64.urlsafe_b64encode(head + body + check).decode().rstrip("=")


def _transport_bytes(t: Transport) -> bytes:
    if not t.candidates:
        raise BadCode("unusable", "code-no-address")
    out = _ice(t.ufrag) + _ice(t.pwd) + t.fingerprint + bytes([len(t.candidates)])
    for c in t.candidates:
        family, address = _address_bytes(c.address)
        out += bytes([TYPES.index(c.type) | FAMILIES.index(family) << 2]) + address + struct.pack(">H", c.port)
    return out


def _address_bytes(address: str) -> tuple[str, bytes]:
    if address.endswith(".local"):
        return "mdns", uuid.UUID(address.removesuffix(".local")).bytes
    ip = ipaddress.ip_address(address)
    return ("ipv4" if ip.version == 4 else "ipv6"), ip.packed


def _ice(text: str) -> bytes:
    """An ICE ufrag or pwd: its length, then 6 bits per character (ICE allows only base64 characters)."""
    if not ICE_CHAR.match(text) or len(text) > 255:
        raise BadCode("unusable", "code-credentials")
    bits = "".join(f"{ICE_CHARS.index(ch):06b}" for ch in text)
    bits += "0" * (-len(bits) % 8)
    return bytes([len(text)]) + int(bits, 2).to_bytes(len(bits) // 8, "big")


def _text(data: bytes) -> bytes:
    return bytes([len(data)]) + data


# --- decoding -------------------------------------------------------------------------------------


def decode_invitation(code: str, now_s: int, used: frozenset[str] = frozenset()) -> Invitation:
    """The invitation in ``code`` (whole link or bare code); raises ``BadCode`` if it cannot be used now.

    ``used``: ids of invitations this browser has already answered (each is single-use).
    """
    return usable_invitation(read_invitation(code), now_s, used)


def usable_invitation(invitation: Invitation, now_s: int, used: frozenset[str] = frozenset()) -> Invitation:
    """``invitation`` (as ``read_invitation`` read it) if it can be used now; raises ``BadCode`` if not."""
    age = now_s - invitation.issued_s
    if age > INVITE_TTL_S:
        minutes = max(1, (age - INVITE_TTL_S) // 60)
        raise BadCode("expired", "code-expired", minutes=minutes)
    if invitation.invite_id in used:
        raise BadCode("reused", "code-answered")
    return invitation


def read_invitation(code: str) -> Invitation:
    """The invitation in ``code`` as it was written, whether or not it may still be answered (which
    lobby a reopened, used-up invitation was for); raises ``BadCode`` if it is damaged."""
    reader = _Reader(_unwrap(code, 0))
    invite, lobby, issued_s = reader.take(4), reader.take(4), reader.u32()
    transport = _read_transport(reader)
    lobby_name, game, host = _name(reader), _name(reader), _name(reader)
    if game and not GAME_ID.match(game):
        raise _damaged()
    member = ""
    if reader.at < len(reader.data):  # written only for a member: then a name the page shows and puts in its field,
        member = _name(reader)  # one a lobby could hold (no blank ends, line breaks or controls)
        if not member or member != member.strip() or len(member) > MAX_HOST_NAME or not member.isprintable():
            raise _damaged()
    invitation = Invitation(invite, lobby, issued_s, lobby_name, transport, game, host, member)
    reader.end()
    return invitation


def decode_reply(code: str) -> Reply:
    """The reply in ``code`` (whole link or bare code); raises ``BadCode``."""
    reader = _Reader(_unwrap(code, 1))
    invite = reader.take(4)
    transport = _read_transport(reader)
    setup = reader.u8()
    if setup > 1:
        raise _damaged()
    reply = Reply(invite, _name(reader), replace(transport, setup="passive" if setup else "active"))
    reader.end()
    return reply


def _name(reader: _Reader) -> str:
    try:
        return reader.take(reader.u8()).decode()
    except UnicodeDecodeError:
        raise _damaged() from None


# What a chat app or a sentence puts around a link or a code: no code holds one of them (``CODE_CHARS``), so
# they are trimmed from its ends ("…#join=CODE." ended a sentence, "(…#join=CODE)", "<…#join=CODE>").
_AROUND = ".,;:!?)]}>'\"»”’…([{<«“‘"


def code_of(text: str) -> str:
    """The code in pasted text: a bare code, or the part after ``#join=`` / ``#reply=`` in a link, alone or with the
    message it came in ("here you go: CODE thanks!"). Codes hold no spaces: the line breaks a mail or chat app put
    in a long one (spaces, once pasted into a one-line field) are dropped, and so are the ones a chat app
    percent-encoded in a link ("%20", "%0A": the link is percent-decoded first; no code holds "%"), with the
    punctuation a chat app or a sentence left at the code's ends (``_AROUND``). Among words, the code is the run
    of words that makes a whole code (``_whole``: its header's length and its check), as Reflection's saved codes
    are read (``reflection.savecode.line_in``, whose codes start with a prefix where these start with their
    header); two different codes are refused ("code-two"). What else is wrong stays, for ``_unwrap`` to name: with
    no whole code among words, the longest word of code characters is read, so a code cut off is called so."""
    text = unquote(text)
    for marker in ("#join=", "#reply="):
        if marker in text:
            text = text.rpartition(marker)[2]
            break
    joined = "".join(text.split()).strip(_AROUND)
    if len(joined) > 2 * MAX_CODE or _whole(joined) == "whole":
        return joined  # too long to search (``_unwrap`` says so), or a code alone
    words = [word.strip(_AROUND) for word in text.split()]
    found = list(dict.fromkeys(_codes_among(words)))
    if len(found) > 1:
        raise BadCode("two", "code-two")
    if found:
        return found[0]
    if CODE_CHARS.match(joined):
        return joined  # a code alone, broken or cut off: ``_unwrap`` names what
    longest = max((w for w in words if CODE_CHARS.match(w)), key=len, default="")
    return longest if len(longest) >= MIN_PART else joined


# A word of code characters this long among words is taken for a broken code's part, to be named (not "garbled").
MIN_PART = 24


def _codes_among(words: list[str]) -> list[str]:
    """The whole codes that runs of ``words`` make: from each word that can start one (its first character holds
    this version), the run of code-character words exactly as long as its header says (``_length``), if that run
    is a whole code. Each start reads its header once and checks one run: joining word after word and decoding
    each join made a paste of 2,400 one-letter words ("I I I …", each a start asking for more than the text
    holds) take 10 s in CPython, a page frozen by a guest's message."""
    ends = list(accumulate((len(word) for word in words), initial=0))  # the characters before each word
    ok = [bool(word) and CODE_CHARS.match(word) is not None for word in words]
    clean_to = [len(words)] * (len(words) + 1)  # the first word from each one on that no code holds
    for k in range(len(words) - 1, -1, -1):
        clean_to[k] = clean_to[k + 1] if ok[k] else k
    found = []
    for i, first in enumerate(words):
        if not ok[i] or B64_CHARS.index(first[0]) >> 2 != VERSION:
            continue
        length = _length("".join(words[i : min(i + 4, clean_to[i])])[:4])
        end = bisect_left(ends, ends[i] + length) if length else 0
        if end <= clean_to[i] and end < len(ends) and ends[end] == ends[i] + length:
            code = "".join(words[i:end])
            if _whole(code) == "whole":
                found.append(code)
    return found


def _length(head: str) -> int:
    """How many characters a code of this version whose first four are ``head`` has, as its header says (the
    version and the body's length: base64 of 3 + length bytes, unpadded); 0 if ``head`` begins none."""
    if len(head) < 4:
        return 0
    data = base64.urlsafe_b64decode(head)
    if data[0] >> 4 != VERSION:
        return 0
    size = 3 + struct.unpack(">H", data[1:3])[0]
    length = (size * 8 + 5) // 6
    return length if length <= MAX_CODE else 0


def _whole(code: str) -> str:
    """Whether ``code`` is a ``whole`` code of this version (its length and check agree), ``short`` of its header's
    length, or ``over`` it (or no code)."""
    if not code or len(code) > MAX_CODE or not CODE_CHARS.match(code):
        return "over"
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        return "short"  # one character too many or too few for base64: the next word may complete it
    if len(data) < 3:
        return "short"
    need = 3 + struct.unpack(">H", data[1:3])[0]
    if len(data) != need or data[0] >> 4 != VERSION:
        return "short" if len(data) < need and data[0] >> 4 == VERSION else "over"
    return "whole" if struct.unpack(">H", data[-2:])[0] == zlib.crc32(data[:-2]) & 0xFFFF else "over"


def _unwrap(text: str, kind: int) -> bytes:
    code = code_of(text)
    what = _KINDS[kind]
    if not code:
        raise BadCode("empty", "code-empty", what=what)
    if len(code) > MAX_CODE:
        raise BadCode("long", "code-long", what=what)
    if not CODE_CHARS.match(code):
        raise BadCode("garbled", "code-garbled", what=what)
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):  # one character too many or too few for base64
        raise _short(code, what) from None
    if len(data) < 5:
        raise _short(code, what)
    version = data[0] >> 4
    intact = struct.unpack(">H", data[-2:])[0] == zlib.crc32(data[:-2]) & 0xFFFF
    if version != VERSION:
        # An intact code of another version is one; a failed check with a foreign header is no code.
        if intact:
            raise BadCode("version", "code-version", what=what, got=version, want=VERSION)
        raise _foreign(what)
    (length,) = struct.unpack(">H", data[1:3])
    if len(data) - 3 < length:
        raise _truncated(what)
    if len(data) - 3 > length:
        end = 3 + length
        whole = length >= 2 and struct.unpack(">H", data[end - 2 : end])[0] == zlib.crc32(data[: end - 2]) & 0xFFFF
        raise BadCode("garbled", "code-extra", what=what) if whole else _damaged()
    if not intact:
        raise _damaged()
    found = (data[0] >> 1) & 1
    if found != kind or data[0] & 0b1100:
        raise BadCode("kind", "code-not-invitation" if found else "code-not-reply")
    body = data[3:-2]
    if data[0] & 1:
        try:
            inflater = zlib.decompressobj(-15)
            body = inflater.decompress(body, 4096)
            if not inflater.eof or inflater.unconsumed_tail:
                raise zlib.error("incomplete")
        except zlib.error:
            raise _damaged() from None
    return body


def _truncated(what: str) -> BadCode:
    return BadCode("truncated", "code-truncated", what=what)


def _short(code: str, what: str) -> BadCode:
    """Too short to be whole: the start of a code of this version is cut off, anything else is no code
    (the first character holds the version: its 6 bits are the header's top bits)."""
    if B64_CHARS.index(code[0]) >> 2 == VERSION:
        return _truncated(what)
    return _foreign(what)


def _foreign(what: str) -> BadCode:
    return BadCode("garbled", "code-foreign", what=what)


def _damaged() -> BadCode:
    return BadCode("damaged", "code-damaged")


class _Reader:
    """Reads a body; running out of bytes or leaving some over means the code is damaged."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise _damaged()
        self.at += n
        return self.data[self.at - n : self.at]

    def u8(self) -> int:
        return self.take(1)[0]

    def u16(self) -> int:
        return struct.unpack(">H", self.take(2))[0]

    def u32(self) -> int:
        return struct.unpack(">I", self.take(4))[0]

    def end(self) -> None:
        if self.at != len(self.data):
            raise _damaged()


def _read_ice(reader: _Reader) -> str:
    count = reader.u8()
    if count == 0:
        raise _damaged()
    value = int.from_bytes(reader.take((count * 6 + 7) // 8), "big")
    value >>= -count * 6 % 8
    return "".join(ICE_CHARS[(value >> (6 * (count - 1 - i))) & 63] for i in range(count))


def _read_transport(reader: _Reader, setup: str = "actpass") -> Transport:
    ufrag, pwd = _read_ice(reader), _read_ice(reader)
    fingerprint = reader.take(FINGERPRINT_BYTES)
    count = reader.u8()
    if not 0 < count <= MAX_CANDIDATES:
        raise _damaged()
    candidates = []
    for _ in range(count):
        kind = reader.u8()
        if kind >> 2 >= len(FAMILIES) or kind >> 4:
            raise _damaged()
        family = FAMILIES[kind >> 2]
        raw = reader.take(4 if family == "ipv4" else 16)
        address = f"{uuid.UUID(bytes=raw)}.local" if family == "mdns" else str(ipaddress.ip_address(raw))
        port = reader.u16()
        if port == 0:
            raise _damaged()
        candidates.append(Candidate(address, port, TYPES[kind & 3]))
    return Transport(ufrag, pwd, fingerprint, tuple(candidates), setup)

"""Invitation and reply codes: round trips, sizes, the SDP they rebuild, and strict decoding."""

import base64
import struct
import zlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.net import invite as iv

# What Chromium 156 wrote for one data channel in the test network namespace (host candidate only).
CHROMIUM_OFFER = """v=0\r
o=- 6573565294552157111 2 IN IP4 127.0.0.1\r
s=-\r
t=0 0\r
a=group:BUNDLE 0\r
a=extmap-allow-mixed\r
a=msid-semantic: WMS\r
m=application 36051 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 10.213.0.1\r
a=candidate:3926423002 1 udp 2113937151 10.213.0.1 36051 typ host generation 0 network-cost 999\r
a=candidate:2 1 tcp 1518280447 10.213.0.1 9 typ host tcptype active generation 0\r
a=ice-ufrag:SzI2\r
a=ice-pwd:XtGGbjt2yp9wfFLpuz0H5BT4\r
a=ice-options:trickle\r
a=fingerprint:sha-256 88:11:88:FB:FB:53:D4:96:2E:F7:F9:82:38:6E:7C:8F:DF:43:83:AC:30:D5:BD:C9:F1:E8:67:2A:D5:C0:85:37\r
a=setup:actpass\r
a=mid:0\r
a=sctp-port:5000\r
a=max-message-size:262144\r
"""
MDNS = iv.Candidate("c0a8e3c1-5b7e-4f7a-9d1c-2b6a6b1f0e11.local", 36052)
SRFLX = iv.Candidate("203.0.113.7", 40000, "srflx")
IPV6 = iv.Candidate("2001:db8::7", 41000)
NOW_S = 1_800_000_000


def offer_transport(*extra: iv.Candidate) -> iv.Transport:
    t = iv.parse_sdp(CHROMIUM_OFFER)
    return iv.Transport(t.ufrag, t.pwd, t.fingerprint, t.candidates + extra)


def invitation(*extra: iv.Candidate, name: str = "Friday game night", issued: int = NOW_S) -> iv.Invitation:
    return iv.Invitation(b"\x01\x02\x03\x04", b"\xaa\xbb\xcc\xdd", issued, name, offer_transport(*extra))


def reply(name: str = "Bea") -> iv.Reply:
    t = offer_transport()
    return iv.Reply(
        b"\x01\x02\x03\x04",
        name,
        iv.Transport("zYsZ", "4GNxHtcb+sCbdalmNGUbIBgq", t.fingerprint[::-1], t.candidates, "active"),
    )


def test_parse_sdp_keeps_what_webrtc_needs_and_only_udp_candidates():
    t = iv.parse_sdp(CHROMIUM_OFFER)
    assert (t.ufrag, t.pwd, t.setup) == ("SzI2", "XtGGbjt2yp9wfFLpuz0H5BT4", "actpass")
    assert t.fingerprint.hex().upper().startswith("881188FBFB53")
    assert t.candidates == (iv.Candidate("10.213.0.1", 36051, "host"),)


def test_parse_sdp_refuses_a_description_without_credentials():
    with pytest.raises(iv.BadCode) as err:
        iv.parse_sdp(CHROMIUM_OFFER.replace("a=ice-pwd", "a=x-pwd"))
    assert err.value.reason == "unusable"


def test_a_typical_host_candidate_invitation_is_under_200_characters():
    code = iv.encode_invitation(invitation())
    assert len(code) <= 200, len(code)
    assert len(iv.encode_reply(reply())) <= 200
    # Even with an mDNS name and a public address (STUN) it stays short.
    assert len(iv.encode_invitation(invitation(MDNS, SRFLX))) <= 200


@pytest.mark.parametrize("extra", [(), (MDNS,), (SRFLX,), (IPV6, MDNS, SRFLX)])
def test_invitations_round_trip(extra):
    sent = invitation(*extra)
    assert iv.decode_invitation(iv.encode_invitation(sent), NOW_S + 60) == sent


def test_replies_round_trip_with_their_setup_role():
    sent = reply("Bé 🎲")
    assert iv.decode_reply(iv.encode_reply(sent)) == sent
    passive = iv.Reply(sent.invite, "Cal", iv.Transport(*_parts(sent.transport), "passive"))
    assert iv.decode_reply(iv.encode_reply(passive)).transport.setup == "passive"


def _parts(t: iv.Transport) -> tuple:
    return t.ufrag, t.pwd, t.fingerprint, t.candidates


@settings(max_examples=60, deadline=None)
@given(
    ufrag=st.text(iv.ICE_CHARS, min_size=4, max_size=32),
    pwd=st.text(iv.ICE_CHARS, min_size=22, max_size=64),
    fingerprint=st.binary(min_size=32, max_size=32),
    ports=st.lists(st.integers(1, 65535), min_size=1, max_size=iv.MAX_CANDIDATES),
    name=st.text(min_size=1, max_size=40),
)
def test_any_transport_and_name_round_trip(ufrag, pwd, fingerprint, ports, name):
    candidates = tuple(iv.Candidate(f"192.168.1.{i}", port) for i, port in enumerate(ports))
    sent = iv.Invitation(b"abcd", b"wxyz", NOW_S, name, iv.Transport(ufrag, pwd, fingerprint, candidates))
    assert iv.decode_invitation(iv.encode_invitation(sent), NOW_S) == sent


def test_the_rebuilt_sdp_carries_the_same_transport():
    sent = offer_transport(MDNS, SRFLX)
    sdp = iv.build_sdp(sent)
    assert iv.parse_sdp(sdp) == sent
    for line in ("m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=mid:0", "a=sctp-port:5000", "a=setup:actpass"):
        assert line in sdp.splitlines()
    # Host candidates first, by ICE type preference.
    priorities = [int(line.split()[3]) for line in sdp.splitlines() if line.startswith("a=candidate:")]
    assert priorities == sorted(priorities, reverse=True)


def test_links_and_bare_codes_are_both_read():
    code = iv.encode_invitation(invitation())
    assert iv.decode_invitation(f"  https://x.example/gnc/?stun=none#join={code}\n", NOW_S) == invitation()
    r = iv.encode_reply(reply())
    assert iv.decode_reply(f"https://x.example/#reply={r}") == reply()


def test_a_code_broken_over_lines_is_read():
    # A mail or chat app may wrap a long code; a one-line field turns the breaks into spaces on paste.
    code = iv.encode_invitation(invitation())
    assert (
        iv.decode_invitation(f"https://x.example/#join={code[:50]}\n{code[50:100]}\r\n{code[100:]}", NOW_S)
        == invitation()
    )
    r = iv.encode_reply(reply())
    assert iv.decode_reply(f" {r[:40]} {r[40:80]}  {r[80:]} ") == reply()


@pytest.mark.parametrize(
    "shape",
    [
        "{site}#join={a}%20{b}",  # a chat app's link: the wrapped code's space percent-encoded
        "{site}#join={a}%0A{b}",  # or its line break
        "{site}#join={a}%0D%0A{b}%20",
        "{site}#join={a}{b}.",  # the end of the sentence the link ended
        "({site}#join={a}{b})",  # a link in brackets
        "<{site}#join={a}{b}>",  # a mail's or chat's angle brackets
        "{site}#join={a}{b}).",
        "{site}%23join%3D{a}{b}",  # the whole link percent-encoded (a link shared through another's query)
        "{a}{b}.",  # a bare code at a sentence's end
        "“{a}{b}”",
    ],
)
def test_a_link_as_a_chat_app_passes_it_on_is_read(shape):
    """A chat app percent-encodes the spaces and line breaks a wrapped code took ("%20", "%0A") and ends a link
    with the sentence's "." or the ")" or ">" around it: the code is read from such a link, the invitation's and
    the host's reply paste alike. These read "has characters no code contains" (only literal spaces went)."""
    code = iv.encode_invitation(invitation())
    site = "https://x.example/gnc/?stun=none"
    text = shape.format(site=site, a=code[:50], b=code[50:])
    assert iv.decode_invitation(text, NOW_S) == invitation(), text
    r = iv.encode_reply(reply())
    said = shape.format(site=site, a=r[:30], b=r[30:]).replace("#join", "#reply").replace("%23join", "%23reply")
    assert iv.decode_reply(said) == reply(), said


def test_a_link_still_broken_after_its_chat_app_s_habits_are_undone_says_what_is_wrong():
    code = iv.encode_invitation(invitation())
    site = "https://x.example/"
    assert reason(iv.decode_invitation, f"{site}#join={code[:20]}%ZZ{code[20:]}", NOW_S)[0] == "garbled"
    assert reason(iv.decode_invitation, f"{site}#join={code[:20]}.{code[20:]}.", NOW_S)[0] == "garbled"
    assert reason(iv.decode_invitation, f"{site}#join={code[:40]}%20.", NOW_S)[0] == "truncated"
    assert reason(iv.decode_invitation, f"{site}#join=%20).", NOW_S)[0] == "empty"
    assert reason(iv.decode_reply, f"{site}#reply={code}.")[0] == "kind"


def reason(fn, *args) -> tuple[str, str]:
    with pytest.raises(iv.BadCode) as err:
        fn(*args)
    return err.value.reason, str(err.value)


def test_a_truncated_code_says_it_was_cut_off():
    code = iv.encode_invitation(invitation())
    for cut in (1, 5, len(code) // 2, len(code) - 3):
        kind, text = reason(iv.decode_invitation, code[:cut], NOW_S)
        assert kind == "truncated", cut
        assert "cut off" in text


def test_a_changed_character_is_reported_as_damage():
    code = iv.encode_invitation(invitation())
    for at in (10, 40, len(code) - 8):
        changed = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1 :]
        kind, text = reason(iv.decode_invitation, changed, NOW_S)
        assert kind == "damaged", at
        assert "damaged" in text


def test_foreign_characters_extra_text_and_empty_codes():
    code = iv.encode_invitation(invitation())
    assert reason(iv.decode_invitation, code[:20] + "!*" + code[22:], NOW_S)[0] == "garbled"
    assert reason(iv.decode_invitation, code + "AAAA", NOW_S)[0] == "garbled"
    assert reason(iv.decode_invitation, "  ", NOW_S)[0] == "empty"
    # Too long to be a code at all: said as such, whatever its characters.
    kind, said = reason(iv.decode_reply, "x" * 5000)
    assert kind == "long" and "too long to be a Game Night reply code" in said
    assert reason(iv.decode_invitation, "#join=" + code * 20, NOW_S)[0] == "long"


def with_version(code: str, version: int) -> str:
    """``code`` as an intact code of ``version`` (its check made anew)."""
    raw = base64.urlsafe_b64decode(code + "==")
    body = bytes([version << 4 | (raw[0] & 15)]) + raw[1:-2]
    return base64.urlsafe_b64encode(body + struct.pack(">H", zlib.crc32(body) & 0xFFFF)).decode().rstrip("=")


def test_a_code_of_another_version_says_so():
    code = iv.encode_invitation(invitation())
    for version in (1, 3):  # the code before invitations named their game and host; a later one
        kind, text = reason(iv.decode_invitation, with_version(code, version), NOW_S)
        assert kind == "version" and f"version {version}" in text and f"version {iv.VERSION}" in text


def test_text_that_is_no_code_is_called_so_not_another_version():
    """Pasted or typed text of code characters that no version made (the check fails under a foreign
    header) is not a code: it is never blamed on a different version of the site."""
    code = iv.encode_invitation(invitation())
    samples = ["not-a-code", "garbage123", "hello", "x", "Zm9vYmFyYmF6", "AAAAAAAAAAAAAAAAAAAA", "_" * 60]
    samples += ["z" + code[1:], code[::-1]]
    for text in samples:
        kind, said = reason(iv.decode_invitation, text, NOW_S)
        assert kind == "garbled", text
        assert "not a Game Night invitation code" in said and "version" not in said, text
    kind, said = reason(iv.decode_reply, "not-a-reply")
    assert kind == "garbled" and "not a Game Night reply code" in said


def test_the_invitation_names_its_game_and_host_and_its_end():
    sent = replace(invitation(), game="lightseeker", host="Ann 🌙")
    got = iv.decode_invitation(iv.encode_invitation(sent), NOW_S)
    assert (got.game, got.host, got.lobby_name) == ("lightseeker", "Ann 🌙", sent.lobby_name)
    assert got.expires_s() == NOW_S + iv.INVITE_TTL_S


def test_a_crafted_game_id_is_refused():
    def crafted(game: str) -> str:
        """An intact invitation whose game id is ``game`` (the body edited, then wrapped as the encoder does)."""
        raw = base64.urlsafe_b64decode(iv.encode_invitation(replace(invitation(), game="ab")) + "==")
        body = zlib.decompress(raw[3:-2], -15) if raw[0] & 1 else raw[3:-2]
        at = body.index(b"\x02ab")
        return iv._wrap(0, body[:at] + bytes([len(game.encode())]) + game.encode() + body[at + 3 :])

    assert iv.decode_invitation(crafted("reflection"), NOW_S).game == "reflection"
    for game in ("<b>", "Raythread", "a" * 40, "x\u00e9"):
        assert reason(iv.decode_invitation, crafted(game), NOW_S)[0] == "damaged", game


def test_an_invitation_is_not_a_reply_and_back():
    assert reason(iv.decode_reply, iv.encode_invitation(invitation()))[0] == "kind"
    assert reason(iv.decode_invitation, iv.encode_reply(reply()), NOW_S)[0] == "kind"


def test_an_invitation_expires_after_ten_minutes():
    code = iv.encode_invitation(invitation())
    assert iv.decode_invitation(code, NOW_S + iv.INVITE_TTL_S).invite_id == "01020304"
    kind, text = reason(iv.decode_invitation, code, NOW_S + iv.INVITE_TTL_S + 185)
    assert kind == "expired" and "expired 3 min ago" in text


def test_an_answered_invitation_cannot_be_answered_again():
    code = iv.encode_invitation(invitation())
    kind, text = reason(iv.decode_invitation, code, NOW_S, frozenset({"01020304"}))
    assert kind == "reused" and "already answered" in text


def test_a_crafted_body_with_a_valid_check_is_still_refused():
    def wrap(kind: int, body: bytes) -> str:
        head = bytes([iv.VERSION << 4 | kind << 1]) + struct.pack(">H", len(body) + 2)
        return (
            base64.urlsafe_b64encode(head + body + struct.pack(">H", zlib.crc32(head + body) & 0xFFFF))
            .decode()
            .rstrip("=")
        )

    assert reason(iv.decode_invitation, wrap(0, b"\x00" * 7), NOW_S)[0] == "damaged"
    good = base64.urlsafe_b64decode(iv.encode_reply(reply()) + "==")[3:-2]
    assert reason(iv.decode_reply, wrap(1, good + b"extra"))[0] == "damaged"
    assert reason(iv.decode_reply, wrap(1, good[:-4] + b"\xff\xfe\x01\x02"))[0] == "damaged"


def test_an_offer_without_candidates_cannot_become_a_code():
    t = offer_transport()
    empty = iv.Invitation(b"abcd", b"wxyz", NOW_S, "x", iv.Transport(t.ufrag, t.pwd, t.fingerprint, ()))
    assert reason(iv.encode_invitation, empty)[0] == "unusable"


def test_an_invitation_made_for_a_member_who_is_away_names_them():
    sent = replace(invitation(), game="raythread", host="Ann", member="Cal 🌙")
    assert iv.decode_invitation(iv.encode_invitation(sent), NOW_S).member == "Cal 🌙"
    assert iv.decode_invitation(iv.encode_invitation(invitation()), NOW_S).member == ""  # anyone's


def test_a_crafted_member_name_is_refused():
    def crafted(member: bytes) -> str:
        raw = base64.urlsafe_b64decode(iv.encode_invitation(replace(invitation(), host="Ann", member="ab")) + "==")
        body = zlib.decompress(raw[3:-2], -15) if raw[0] & 1 else raw[3:-2]
        return iv._wrap(0, body[: -len(b"\x02ab")] + bytes([len(member)]) + member)

    assert iv.decode_invitation(crafted(b"Cal"), NOW_S).member == "Cal"
    for member in (b"", b"a" * 200, b"Cal\n", b"\xff\xfe", b"  "):
        assert reason(iv.decode_invitation, crafted(member), NOW_S)[0] == "damaged", member


def test_a_reply_pasted_with_the_message_it_came_in_is_read():
    code = iv.encode_reply(reply())
    assert iv.decode_reply(f"here you go:  {code} \n thanks!") == reply()
    broken = f"Hi Ann, my reply: {code[:40]}\n{code[40:90]}\n{code[90:]}\nSee you soon."
    assert iv.decode_reply(broken) == reply()
    assert iv.decode_reply(f"«{code}» (from Bea)") == reply()


def test_two_codes_in_one_message_are_refused_by_name():
    one, other = iv.encode_reply(reply()), iv.encode_reply(reply("Cal"))
    kind, said = reason(iv.decode_reply, f"mine: {one} and Cal's: {other}")
    assert kind == "two" and "two" in said
    assert iv.decode_reply(f"{one} again: {one}") == reply()  # the same code twice is one


def test_words_without_a_code_are_refused():
    kind, said = reason(iv.decode_reply, "here you go, thanks!")
    assert kind == "garbled" and "not a Game Night reply code" in said
    code = iv.encode_reply(reply())
    kind, _ = reason(iv.decode_reply, f"here you go: {code[:-6]} thanks")  # a code cut off, among words
    assert kind in ("truncated", "damaged")


def test_a_text_of_many_short_words_is_searched_once_per_word(monkeypatch):
    """A crafted paste ("I I I …": every word can start a code whose header asks for more than the text holds) was
    read by joining words one at a time from each start and decoding every join: 2,390 one-letter words took 10 s
    in CPython, a page frozen by a guest's message. Each start now reads its header once and checks the one join
    of the length it asks for: a few decodes per word, whatever the words."""
    decoded = []
    real = base64.urlsafe_b64decode
    monkeypatch.setattr(iv.base64, "urlsafe_b64decode", lambda s: decoded.append(len(s)) or real(s))
    words = ["I"] * (2 * iv.MAX_CODE - 10)
    assert reason(iv.decode_reply, " ".join(words))[0] == "long"  # read whole: too long to be a code
    assert len(decoded) <= 3 * len(words), len(decoded)
    code = iv.encode_reply(reply())  # the same reading finds a code among such words
    decoded.clear()
    assert iv.decode_reply(" ".join(["I"] * 300 + [code[:50], code[50:], "thanks"])) == reply()
    assert len(decoded) <= 3 * 303, len(decoded)

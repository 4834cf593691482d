"""User interface: pure element trees and screens, plus the one module (dom.py) that touches the page."""

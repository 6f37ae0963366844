"""A built page read into a small tree of elements, so that tests can check its structure."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Node:
    """One element of the built page: enough of a DOM to read its structure."""

    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    def elements(self) -> list[Node]:
        return [child for child in self.children if isinstance(child, Node)]

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.elements():
            found += child.walk()
        return found

    def text(self) -> str:
        """The text a reader sees (a heading's ¶ permalink left out)."""
        if "headerlink" in self.attrs.get("class", ""):
            return ""
        return "".join(child if isinstance(child, str) else child.text() for child in self.children).strip()


class Tree(HTMLParser):
    """Parse a page into Nodes."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Node("document", {})
        self._open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {name: value or "" for name, value in attrs})
        self._open[-1].children.append(node)
        if tag not in VOID:
            self._open.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open[-1].children.append(Node(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._open) - 1, 0, -1):
            if self._open[depth].tag == tag:
                del self._open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self._open[-1].children.append(data)


def article(html: str) -> Node:
    """The page's article element."""
    tree = Tree()
    tree.feed(html)
    return next(node for node in tree.root.walk() if node.tag == "article")

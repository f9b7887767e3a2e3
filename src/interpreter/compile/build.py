"""From a bound ``(game ...)`` ludeme to a complete, playable :class:`Game`.

The board's topology and the pieces come first (rules refer to both); then every ludeme that
needs something of the game (a state array, a named decision, an equipment table, an engine
hook) declares it (the collect pass: each ludeme's ``declare``), and the game is made with that
fixed layout and everything known about it (:class:`GameInfo`); then the rules are compiled
against it, and installed once. The game is read-only when :func:`build_game` returns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol, cast

from ..engine import handsites, simultaneous
from ..engine.env import Env
from ..engine.game import CompiledRules, Component, Declarations, EndRule, Game, GameInfo, Phase
from ..engine.result import Termination
from ..errors import BindError
from ..ludemes.action_cache import mark_add_caches
from ..ludemes.base import BoundArray, Ludeme
from ..ludemes.concepts import declared_concepts
from ..ludemes.sitetypes import check_site_types, site_kinds
from ..ludemes.structure import MAX_PLAYERS, GameLudeme, Rules
from ..ludemes.words import Words, fill, generic
from .compiler import Compiler

if TYPE_CHECKING:
    from ..engine.phases import NextOf
    from ..engine.topology import Topology


class _MetaRule(Protocol):
    """A meta rule ((swap), (pin)...): it configures the game as the rules are compiled."""

    def configure(self, c: Compiler) -> None: ...


class _EndCondition(Protocol):
    """An end rule ((if ...), (byScore)...), compiled to the check it makes after each move."""

    def compile_end(self, c: Compiler) -> Any: ...


def build_game(bound: GameLudeme, *, options: Sequence[str] = (), metadata: dict[str, str] | None = None,
               source: str = "", fingerprint: str = "", description: Any = None,
               colours: dict[int, str] | None = None, rebuild: Any = None) -> Game:
    """Compile a bound game. ``options`` (chosen items), ``metadata`` (info entries), ``source``,
    ``fingerprint``, ``description``, ``colours`` (each player's, for pictures) and ``rebuild``
    (the function that builds it again from ``description``, for pickling) go into the game's
    :class:`GameInfo`."""
    num = player_count(bound)
    equipment = bound.equipment
    topology = equipment.board.topology(Compiler(None).static_int)
    if any(getattr(lud, "three_dimensions", False) for lud in bound.walk()):
        topology = topology.with_ground_lines()  # Ludii's GameType.ThreeDimensions flag
    facings = player_facings(bound, num)
    components, declared_by = _components(equipment.pieces, num, facings)
    if len(components) == 1 and not any(lud.name == "satisfy" for lud in bound.walk()):
        # as Ludii, a game that declares no piece has a ball for each player ("Ball1", ...)
        for owner in range(1, num + 1):
            components.append(Component(len(components), f"Ball{owner}", "Ball", owner,
                                        facing=facings.get(owner) or "N"))
    # tracks first: regions may be made of them ((sites Track "Track1"))
    tracks = equipment.board.build_tracks(topology, num) if hasattr(equipment.board, "build_tracks") else []
    region_compiler = Compiler(None, topology, tracks=tracks, players=num)
    region_compiler.equipment_sites = sum(  # the sites of the hands, deck and dice, numbered after the board's
        item.container_sites(num, region_compiler.static_int) for item in _items(equipment.items)
        if hasattr(item, "container_sites"))
    owned, owned_named = _regions(equipment.regions, region_compiler, topology, num)
    teams = _teams(equipment.teams, num, bound.rules.start)
    info = GameInfo(
        name=bound.title.value, players=num, options=tuple(options), metadata=dict(metadata or {}),
        concepts=declared_concepts(bound, num),  # where each ludeme stands (ludemes/concepts.py)
        source=str(bound.span.file), fingerprint=fingerprint, description=description,
        colours=dict(colours or {}), rebuild=rebuild,
    )
    declared = Declarations(num, num_sites=topology.n, num_components=len(components),
                            component_index={comp.name: comp.index for comp in components})
    check_site_types(bound, topology.use)  # pieces are on the board's kind of site only
    kinds = site_kinds(bound, topology.use)  # numbers naming edges or vertices of a board of cells
    region_compiler.site_kinds = kinds
    mark_add_caches(bound)  # where Ludii lists a placement with effects twice (ludemes/action_cache.py)
    for ludeme in bound.walk():  # the collect pass: what the ludemes need of the game
        ludeme.declare(declared, region_compiler)
    handsites.spread_piece_arrays(declared)  # the pieces in hands have their local state too
    if declared.late:  # declarations that read the game's layout: compiled against a draft of it
        draft = Compiler(Game(info, topology, components, teams, owned, declared, tuple(tracks), owned_named))
        draft.site_kinds = kinds
        for hook in declared.late:
            hook(declared, draft)
    game = Game(info, topology, components, teams, owned, declared, tuple(tracks), owned_named)
    rules: Rules = bound.rules
    c = Compiler(game, phase_names=[p.title for p in rules.phase_list()] or ["Play"])
    c.site_kinds = kinds
    piece_moves = _piece_moves(equipment.pieces, components, declared_by, c)
    c.piece_moves = piece_moves
    c.player_facings = facings
    phases, end_rules, start = _compile_rules(rules, c)
    if game.simultaneous:  # the move that applies every player's choice (engine.simultaneous)
        c.rule(None, simultaneous.apply_choices)
    game.install(CompiledRules(phases=phases, end_rules=end_rules, start=start,
                               consequences=tuple(c.consequences), piece_moves=tuple(piece_moves),
                               meta_moves=tuple(c.meta_moves)))
    return game


def _components(pieces: Sequence[Any], num: int, facings: dict[int, str]) -> tuple[list[Component], dict[int, Any]]:
    """The game's components (index 0: none), and for each the ``(piece ...)`` it comes from."""
    components = [Component(0, "", "", 0)]
    declared_by: dict[int, Any] = {}  # component -> the declaration it comes from
    for piece in pieces:
        value = Compiler(None).static_int(piece.value) if piece.value is not None else 0
        # as Ludii, a piece is named with its owner's number ((piece "Fox" P2) is "Fox2", (piece
        # "Disc" Neutral) "Disc0"); Shared pieces are not
        numbered = piece.each or piece.role.name not in ("Shared", "All")  # (die "Die6" All): one die, as written
        numbered = numbered and not getattr(piece, "named_as_is", False)  # a deck's cards: CardN, whoever owns them
        for owner in piece.owners(num):
            name = piece.piece_name + (str(owner) if numbered else "")
            if any(c.name == name for c in components):
                raise BindError(f"piece '{name}' declared twice", piece.span)
            facing = piece.facing.name if piece.facing is not None else facings.get(owner) or "N"
            made = getattr(piece, "component_data", None)  # a domino's second value, a card's suit...
            flips = piece.flips.states() if getattr(piece, "flips", None) is not None else None
            components.append(Component(len(components), name, piece.piece_name, owner, value=value,
                                        facing=facing, data=made() if made is not None else (), flips=flips,
                                        shared=not piece.each and piece.role.name == "Shared"))
            declared_by[len(components) - 1] = piece
    return components, declared_by


def _regions(regions: Sequence[Any], region_compiler: Compiler, topology: Topology, num: int
             ) -> tuple[dict[int, list[tuple[int, ...]]], dict[tuple[int, str], tuple[int, ...]]]:
    """The ``(regions ...)`` of the equipment: the players' regions (all of them, and the named
    ones), and each named region added to the board's (``topology.regions``)."""
    owned: dict[int, list[tuple[int, ...]]] = {}
    owned_named: dict[tuple[int, str], tuple[int, ...]] = {}  # (player, name) -> sites
    # a region may be made of those declared before it ((sites P1 "Inner")): the compiler reads them
    region_compiler.regions_so_far = SimpleNamespace(owned_regions=owned_named, player_regions=owned,
                                                     num_players=num)
    for region in regions:
        parts = []
        for part in region.parts():
            fn = region_compiler.region(part)
            try:
                # before play: no state, a frame of its own for the sites a region visits
                # (Hexshogi's (forEach (sites Board) if:(= (site) (ahead (site) N))))
                parts.append(tuple(fn(None, Env())))
            except (AttributeError, TypeError):
                raise BindError("a region must be a fixed list of sites", part.span) from None
        name = region.title.value if region.title is not None else None
        if region.role is not None:
            for player in _owners(region.role, num):
                owned.setdefault(player, []).extend(parts)
                if name is not None:  # a player's named region: (sites P1 "Home")
                    key = (player, name)
                    owned_named[key] = tuple(dict.fromkeys(owned_named.get(key, ()) + tuple(
                        site for part in parts for site in part)))
        if name is None:
            continue
        if name in topology.regions and any(n == name for _, n in owned_named):
            # the same name for another player's region: (sites "Home") is all of them
            sites = topology.regions[name] + tuple(site for part in parts for site in part)
            topology.regions[name] = tuple(dict.fromkeys(sites))
            continue
        # (sites "Name") looks a region up before a site label, and (sites Top) reads the board's
        # own regions: a region must not hide another region or a site (the same sites under the
        # board region's name hide nothing: Abak's (regions "Centre" (sites Centre)))
        if name in topology.regions and set(topology.regions[name]) == {x for part in parts for x in part}:
            continue
        if name in topology.regions:
            raise BindError(f'region "{name}" is a region of every board', region.title.span,
                            hint="give the region another name")
        if topology.site(name) >= 0:
            raise BindError(f'region "{name}" is named like a site', region.title.span,
                            hint=f'give the region another name: (sites "{name}") would mean the region')
        topology.regions[name] = tuple(dict.fromkeys(site for part in parts for site in part))
    return owned, owned_named


def _teams(teams_declared: Sequence[Any], num: int, start_rules: Any = None) -> dict[int, int]:
    """Each player in a team: its team's number (100 + the team's own), from the equipment's
    teams and from the start rules' (set Team ...) (Ludii's teams set at the start)."""
    teams: dict[int, int] = {}
    for team in teams_declared:
        number = 100 + team.number.value
        if number in teams.values():
            raise BindError(f"team {team.number.value} is declared twice", team.number.span)
        for player, span in team.members_of(num):
            if player in teams:
                raise BindError(f"P{player} is already in team {teams[player] - 100}", span)
            teams[player] = number
    for node in (start_rules.walk() if start_rules is not None else ()):
        if node.name == "set Team":
            number, members = node.team_members(num)
            for player in members:
                if player in teams and teams[player] != 100 + number:
                    raise BindError(f"P{player} is already in team {teams[player] - 100}", node.span)
                teams[player] = 100 + number
    return teams


def _piece_moves(pieces: Sequence[Any], components: list[Component], declared_by: dict[int, Any],
                 c: Compiler) -> list[Any]:
    """Each component's own moves, compiled (None for a piece without), once for each facing
    (Forward differs)."""
    piece_moves: list[Any] = [None] * len(components)
    for piece in pieces:
        if piece.moves is not None:
            made: dict[str, Any] = {}  # the moves compiled for each facing (Forward differs)
            for comp in components[1:]:
                if declared_by[comp.index] is piece:
                    if comp.facing not in made:
                        c.facing = comp.facing
                        made[comp.facing] = c.moves(piece.moves)
                    piece_moves[comp.index] = made[comp.facing]
            c.facing = None
    return piece_moves


def player_facings(bound: GameLudeme, num: int) -> dict[int, str]:
    """The direction each player faces, when ``(players {(player N) ...})`` gives one."""
    return {p: f for p, f in enumerate(bound.players.facings, start=1) if f and p <= num}


def _owners(role: Any, num: int) -> list[int]:
    name = role.name
    if name in ("Each", "All"):
        return list(range(1, num + 1))
    if name in ("Neutral", "Shared"):  # Ludii's owner 0 / no one player: found by its name only
        return []
    if name.startswith("P") and name[1:].isdigit() and 1 <= int(name[1:]):
        # a player beyond the game's count owns a region nobody plays (Ludii keeps it, unused:
        # There and Back's (regions P3 (sites {})) in its two-player options)
        return [int(name[1:])]
    raise BindError(f"{name} is not a player of this game: a region belongs to P1, P2 ... or Each", role.span)


def player_count(bound: GameLudeme) -> int:
    """The number of players: an int expression known before play (options may choose it); 0
    is a simulation (Ludii's: nobody moves, engine.simulation)."""
    count = bound.players.count
    number = Compiler(None).static_int(count)
    if not 0 <= number <= MAX_PLAYERS:
        raise BindError(f"players must be between 0 and {MAX_PLAYERS}, not {number}", count.span)
    return number


def _phase_after(fixed: int | None, count: int) -> Callable[[int], int]:
    """Where a way out of a phase goes, from the current phase: to ``fixed``, or else to the
    next phase (the first after the last)."""
    return lambda current: fixed if fixed is not None else (current + 1) % count


def _compile_rules(rules: Rules, c: Compiler) -> tuple[tuple[Phase, ...], tuple[EndRule, ...], tuple[Any, ...]]:
    """The phases, end rules and start rules, compiled (meta rules register their moves with
    the compiler)."""
    start = tuple(c.effect(item) for item in _items(rules.start.items)) if rules.start is not None else ()
    if rules.meta is not None:
        seen: dict[str, Ludeme] = {}
        for item in _items(rules.meta.items):
            first = seen.setdefault(item.name, item)
            if first is not item:  # the second would silently replace the first
                raise BindError(f"({item.name} ...) is given twice", item.span, hint=f"the first is at {first.span}")
            cast(_MetaRule, item).configure(c)
    phases: list[Phase] = []
    if rules.play is not None:
        phases.append(Phase("Play", c.moves_facing(rules.play.moves), span=rules.play.moves.span))
    else:
        bound_phases = rules.phase_list()
        per_player = rules.phases_per_player()
        declared: dict[tuple[str, str | None], Any] = {}
        for p in bound_phases:
            key = (p.title, p.role.name if per_player and p.role is not None else None)
            if key in declared:  # Ludii's phases of one name for different players are allowed
                raise BindError(f'phase "{p.title}" declared twice', p.span)
            declared[key] = p
        table: list[list[NextOf]] = []  # per phase, its ways out (phases per player)
        for i, p in enumerate(bound_phases):
            nexts = []
            ways: list[NextOf] = []
            for nxt in p.next_phases():
                cond = c.bool(nxt.condition) if nxt.condition is not None else None
                if per_player:
                    role = nxt.role
                    everyone = role is None or role.name in ("Shared", "All", "Each")
                    who = None if everyone else c.player(role)
                    fixed = nxt.target_index(c, i) if nxt.target is not None else None
                    ways.append((who, cond, _phase_after(fixed, len(bound_phases))))
                else:
                    nexts.append((cond, nxt.target_index(c, i)))
            table.append(ways)
            phases.append(Phase(p.title, c.moves_facing(p.play.moves), tuple(nexts), span=p.play.moves.span))
        if per_player:
            rules.phase_nexts = table  # read by the engine's hooks (engine.phases)
    end_rules = tuple(end_rule(rule, c) for rule in _items(rules.end.rules)) if rules.end is not None else ()
    phase_ends = tuple(_phase_end(rule, i, rules, c) for i, p in enumerate(rules.phase_list()) if p.end is not None
                       for rule in _items(p.end.rules))
    return tuple(phases), phase_ends + end_rules, start


def _phase_end(rule: Ludeme, index: int, rules: Rules, c: Compiler) -> EndRule:
    """An end rule of phase ``index``: checked only after a move played in that phase (before
    the game's own end rules, as Ludii's)."""
    from dataclasses import replace

    from ..engine.phases import PLAYER_PHASES
    made = end_rule(rule, c)
    check = made.check
    if rules.phases_per_player():
        def in_phase(s, e):
            return check(s, e) if s.arrays[PLAYER_PHASES][0] == index else None
    else:
        def in_phase(s, e):
            return check(s, e) if s.phase == index else None
    return replace(made, check=in_phase)


def end_rule(rule: Ludeme, c: Compiler) -> EndRule:
    """An end rule with the reason and termination kind it reports: the kind comes from the
    first condition in it that names one (``is Line`` -> line, ``score`` -> score ...), the
    reason is its condition in words, with the players of the position that ended the game
    (``P2 has at most 1 piece``)."""
    check = cast(_EndCondition, rule).compile_end(c)
    condition = next((node for node in rule.walk() if node is not rule and node.kind == "boolean"), None)
    termination = next((node.termination for node in rule.walk() if node.termination is not None),
                       Termination.RULE)
    phrase = Words(c).of(condition) if condition is not None else termination.value
    # a condition that can say what held in the position (which loops...) gives the reason then
    described = next((node for node in rule.walk() if hasattr(node, "compile_describe")), None)
    if described is not None:
        describe = described.compile_describe(c)
    else:
        describe = lambda s, e: fill(phrase, s)  # noqa: E731
    # results that compare values (byValues) can also show what they would compare
    explainers = [node.compile_explain(c) for node in rule.walk() if hasattr(node, "compile_explain")]
    explain = None
    if explainers:
        explain = lambda s, e: [line for x in explainers for line in x(s, e)]  # noqa: E731
    return EndRule(check, generic(phrase), termination, explain, describe)


def _items(value: Any) -> list:
    return list(value.items) if isinstance(value, BoundArray) else [value]

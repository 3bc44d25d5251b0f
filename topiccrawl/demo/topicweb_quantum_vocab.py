"""Vocabularies of the quantum-computing test web (:mod:`topiccrawl.demo.topicweb_quantum`).

A *subject* is what an article is about; the generator picks it first and the article's
label follows from it (:data:`ON_TOPIC`), never from the words that end up on the page.
Each subject has title templates and sentence templates, one per line, with ``{slot}``
placeholders filled from :data:`SLOTS`. Hard negatives (quantum physics, post-quantum
cryptography, quantum dots, "quantum leap" marketing, Quantum Corp, ...) are subjects of
their own, so their labels are explicit.
"""

from __future__ import annotations


def _words(block: str) -> tuple[str, ...]:
    return tuple(block.split())


def _lines(block: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in block.strip().splitlines() if line.strip())


# -- slots -------------------------------------------------------------------------------
FIRST_NAMES = (
    "Ana Ben Chloe Daniel Elena Farid Grace Hiroshi Ines Jonas Kavya Liam Maya Nikolai Olivia Pedro Qing Rosa Samir"
    " Tomas Uma Victor Wen Yusuf Zoe Marta Ravi Sofia Erik Leila"
)
LAST_NAMES = (
    "Alvarez Brandt Chen Dubois Eriksen Fischer Gupta Haddad Ivanova Jensen Kowalski Laurent Moreau Nakamura Okafor"
    " Petrov Quinn Rossi Sato Tanaka Ueda Varga Walsh Xu Yilmaz Zhang Novak Mehta Lindqvist Obi"
)
PEOPLE = tuple(f"{first} {last}" for first in FIRST_NAMES.split() for last in LAST_NAMES.split())[::7]


def _slots(block: str) -> dict[str, tuple[str, ...]]:
    """``name: a | b | c`` per line; a name on several lines gets all their values."""
    out: dict[str, tuple[str, ...]] = {}
    for line in _lines(block):
        name, _, values = line.partition(":")
        out[name.strip()] = out.get(name.strip(), ()) + tuple(v.strip() for v in values.split("|"))
    return out


SLOTS: dict[str, tuple[str, ...]] = {"person": PEOPLE} | _slots("""
sc_co: IBM | Google Quantum AI | Rigetti | IQM | Alice & Bob | Oxford Quantum Circuits | AWS
sc_chip: Condor | Heron | Heron r2 | Eagle | Osprey | Sycamore | Willow | Ankaa-3 | Nighthawk
n_qubits: 27 | 53 | 72 | 84 | 105 | 127 | 133 | 156 | 433 | 1,121
big_n: 10,000 | 100,000 | one million | 200 logical
coh: 100 | 200 | 300 | 500 | 1,000
err: 0.3 | 0.25 | 0.15 | 0.5 | 0.1
ion_co: IonQ | Quantinuum | Oxford Ionics | AQT | eleQtron
ion_co_alt: Oxford Ionics | eleQtron | Universal Quantum
ion_sys: H2 | H1-1 | H2-1 | Helios | Forte | Forte Enterprise | Tempo | Aria
ion_species: ytterbium | barium | calcium | beryllium
n_ion: 32 | 36 | 56 | 64 | 98
nines:  | 1 | 4 | 7
aq: 29 | 35 | 36 | 64
atom_co: QuEra | Pasqal | Atom Computing | Infleqtion | planqc
atom_sys: Aquila | Gemini | Orion | Sqale | Phoenix
n_atoms: 256 | 324 | 1,180 | 1,225 | 6,100
n_logical: 12 | 24 | 28 | 48
site: the Jülich Supercomputing Centre | RIKEN | the Leibniz Supercomputing Centre | a US national lab
photo_co: PsiQuantum | Xanadu | Quandela | ORCA Computing | QuiX Quantum
photo_co_alt: Quandela | Sparrow Quantum | Aegiq
photo_sys: Aurora | Borealis | Omega | Belenos | Lucy
qec_code: surface code | colour code | qLDPC | bivariate bicycle | cat-qubit repetition | Floquet
distance: 3 | 5 | 7 | 9
lambda: 2.14 | 2 | 1.6 | 3
decoder_hw: an FPGA | a GPU | custom ASICs | a CPU cluster
platform: a superconducting chip | a trapped-ion system | a neutral-atom array | Quantinuum's H2
platform: Google's Willow chip | IBM's Heron
million_q: one million | 900,000 | 20 million | 400,000
molecule: FeMoco | cytochrome P450 | a lithium-ion cathode | the nitrogenase cofactor | caffeine
tgates: 10 billion | 2 billion | 6.5 billion
logical_q: 1,400 | 2,000 | 4,000 | 6,000
years: 10,000 | 47 | 10 septillion | 600 million
depth: 20 | 24 | 40 | 32
sc_chip_cn: Zuchongzhi 3.0 | Jiuzhang 3.0 | Tianyan-504
qc_co: IonQ | Rigetti Computing | D-Wave Quantum | Quantinuum | PsiQuantum | IQM | Pasqal | QuEra | Alice & Bob
qc_co: Atom Computing | Oxford Quantum Circuits | Xanadu | Infleqtion | Quantum Machines | Q-CTRL | Riverlane
qc_co: Classiq
qc_co2: Rigetti | D-Wave | IonQ | Quantum Computing Inc. | Oxford Ionics | ID Quantique | Lightsynq
tech_asset: ion-trap chip designs | photonic interconnect patents | error-correction software | control stack
money: $50 million | $100 million | $300 million | $620 million | $1 billion | €150 million | $40 million
money_small: $7.6 million | $12.4 million | $22 million | $43 million | $9.1 million
money_big: $1.5 billion | $3 billion | $5 billion | $6 billion | $10 billion
series: A | B | C | D | E
investor: SoftBank | Temasek | Fidelity | In-Q-Tel | Lightspeed | BlackRock | NVentures | Bessemer
gov_agency: the US Air Force Research Laboratory | DARPA | the Department of Energy | EuroHPC | NASA
app: drug discovery | battery chemistry | portfolio optimisation | logistics | materials simulation
bigco: Microsoft | Nvidia | Amazon | Google | IBM | Honeywell | JPMorgan | BMW | Airbus | Intel
bank: Morgan Stanley | Needham | B. Riley | Craig-Hallum | Benchmark
country: Japan | the UK | Canada | Australia | India | Germany | France | South Korea | Denmark
future_year: 2027 | 2028 | 2029 | 2030 | 2033
year: 2022 | 2023 | 2024 | 2025
n_small: 2 | 3 | 4 | 5 | 7 | 8
sw: Qiskit | Cirq | CUDA-Q | PennyLane | tket | Q#
sw2: Cirq | tket | PennyLane | Braket SDK
sw_ver: 1.0 | 1.3 | 2.0 | 0.45 | 2.1
cloud: Amazon Braket | Azure Quantum | IBM Quantum Platform | Google Cloud
hpc_site: Oak Ridge | RIKEN | Jülich | the Pawsey Centre | LRZ
pct: 3 | 4 | 6 | 8 | 11 | 12 | 15 | 18 | 22 | 31
pct_small: 0.2 | 0.4 | 0.7 | 1.1 | 1.6
up_down: up | down
up_down2: gained | slipped | rose | fell
ticker: NVDA | TSLA | AMD | PLTR | SMCI | GME | AAPL | META | COIN | MSTR
ticker2: INTC | SNOW | ARM | AVGO | RIVN | HOOD | UBER
ticker3: IONQ | RGTI | QBTS | QUBT | LULU | NKE
city: Boston | Berlin | Tokyo | Toronto | Sydney | London | Chicago | Munich | Paris | Seoul
city2: Vienna | Beijing | Madrid | Oslo | Denver | Helsinki
km: 50 | 120 | 250 | 1,200 | 4,600
lab: Harvard | MIT | Caltech | QuTech in Delft | ETH Zurich | the University of Innsbruck
lab: Sandia National Laboratories | Oak Ridge National Laboratory | the University of Sydney | Tsinghua University
lab: RIKEN | the University of Chicago
particles: photons | atoms | electrons | top quarks | molecules
big_years: 40 billion | 30 billion | 300 million
object: drumhead | glass nanoparticle | mirror | sapphire crystal | membrane
material: graphene | a kagome metal | a nickelate | ultracold gas | a moiré crystal
laser: ultraviolet | infrared | femtosecond | frequency-comb
tv_brand: Samsung | TCL | Hisense | Sony | LG | Vizio
tv_model: QN90D | QM8 | U8N | Bravia 7 | QNED90 | C855
nits: 1,800 | 2,400 | 3,000 | 1,200
zones: 512 | 1,344 | 2,000 | 240
tv_os: Tizen | Google TV | webOS | Roku TV
money_tv: $499 | $799 | $1,299 | $1,999 | $349 | $150
lag: 9.6 | 13 | 5.8 | 17
company_gen: Salesbright | Finlytic | Parcelo | Brightwave | Nordhaus | Cloudhop | Vantora
product_gen: CRM suite | payments app | smart thermostat | coffee machine | analytics platform
bigco_gpu: Nvidia | AMD | Nvidia's
gpu: H100 | H200 | B200 | MI300X | GH200 | MI250X
super: Frontier | Aurora | El Capitan | Fugaku | LUMI | Alps | JUPITER
n_nodes: 512 | 2,048 | 9,400 | 64 | 8,000
n_atoms_chem: 1,000 | 10,000 | 200,000 | 2 million
browser: Chrome | Firefox | Cloudflare | Apple's iMessage | Signal
ai_co: OpenAI | Anthropic | Mistral | Google DeepMind | Meta | xAI | Cohere
ai_model: GPT-4o | Claude | Gemini | Llama 3 | Mistral Large | o1
gadget: iPhone 16 | Galaxy S24 | Pixel 9 | AirPods Pro | Apple Watch | Kindle | Steam Deck | Switch 2
gadget_co: Apple | Samsung | Google | Sony | Xiaomi | OnePlus | Nothing | Garmin
malware: LockBit | Black Basta | Qakbot | Volt Typhoon | Scattered Spider | Cl0p
vendor: Ivanti | Fortinet | Citrix | Microsoft Exchange | MOVEit | Cisco ASA | Palo Alto
planet: Mars | Jupiter's moon Europa | Saturn's moon Titan | the Moon | asteroid Bennu | Venus
mission: Artemis II | JWST | Europa Clipper | Perseverance | Starship | Psyche | Hera
species: octopus | tardigrade | honeybee | axolotl | coral | naked mole-rat | zebrafish
disease: Alzheimer's | type 2 diabetes | long Covid | malaria | migraine | sickle cell disease
sport: football | rowing | basketball | track | hockey | swimming
dept: history | music | economics | nursing | architecture | law | philosophy
lang: Python | Rust | Go | TypeScript | C++ | Java | Bash
tool: Docker | pip | conda | VS Code | systemd | Git | Kubernetes | pandas | NumPy
game: Elden Ring | Baldur's Gate 3 | Hades II | Zelda | Starfield | Helldivers 2 | Balatro
dish: lasagne | ramen | sourdough | banana bread | shakshuka | dal
place: Lisbon | Kyoto | the Dolomites | Oaxaca | Copenhagen | Patagonia | Sicily
show: The Bear | Severance | Shogun | Slow Horses | The Last of Us | Fallout
""")

# -- subjects --------------------------------------------------------------------------
# key -> (title templates, sentence templates, tags). Families group subjects for topical
# locality of links; ON_TOPIC is the ground truth.
SUBJECTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {}


def _subject(key: str, titles: str, sents: str, tags: str) -> None:
    SUBJECTS[key] = (_lines(titles), _lines(sents), tuple(tags.split()))


_subject(
    "qc_superconducting",
    """
    {sc_co} unveils {sc_chip}, its {n_qubits}-qubit superconducting processor
    Inside the dilution refrigerator: how {sc_co} keeps its transmons cold
    {sc_chip} chip cuts two-qubit gate errors, {sc_co} says
    {sc_co} publishes roadmap to {big_n} qubits by {future_year}
    Hands-on with {sc_chip}: what a {n_qubits}-qubit chip can and cannot do
    Why {sc_co} is betting on tunable couplers
    Transmon coherence passes {coh} microseconds in {lab} study
    {sc_co} links two {sc_chip} chips with a cryogenic microwave bus
    Quantum chipmaker {sc_co} shows modular superconducting architecture
    The {n_qubits}-qubit {sc_chip}, explained
    Fluxonium qubits edge closer to the transmon's crown
    """,
    """
    The {sc_chip} processor packs {n_qubits} superconducting transmon qubits on a single die.
    Two-qubit gate error rates fell to {err} per cent, according to data shared by {sc_co}.
    The chip sits at the bottom of a dilution refrigerator cooled to about ten millikelvin.
    Engineers replaced fixed couplers with tunable couplers to cut crosstalk between neighbouring qubits.
    Median T1 times now exceed {coh} microseconds, up from roughly half that a year ago.
    {sc_co} said the processor will be available to customers through {cloud} later this year.
    Readout is performed with microwave resonators and a chain of cryogenic amplifiers.
    Wiring remains a bottleneck: each qubit needs several coaxial lines running down to the mixing chamber.
    The roadmap calls for linking several chips with couplers that carry quantum information between cryostats.
    Critics note that qubit count alone says little about how useful a quantum computer is.
    Quantum volume and layer fidelity are increasingly used to compare superconducting devices.
    {person}, who leads hardware at {sc_co}, described the design as a step toward a fault-tolerant machine.
    Fabrication uses aluminium Josephson junctions patterned on silicon or sapphire wafers.
    Leakage out of the computational subspace remains one of the harder error sources to suppress.
    The new layout arranges qubits in a heavy-hex lattice that limits frequency collisions.
    Cosmic rays can cause correlated errors across a whole chip, a problem {lab} researchers have studied.
    A single {sc_chip} die now carries more qubits than the entire field could control five years ago.
    Flip-chip bonding moves the control wiring onto a second layer above the qubit plane.
    """,
    "quantum quantum-computing ibm google superconducting-qubits hardware",
)
_subject(
    "qc_trapped_ion",
    """
    {ion_co} {ion_sys} reaches {n_ion} fully connected qubits
    {ion_co} reports record two-qubit gate fidelity of 99.9{nines} per cent
    Trapped-ion firm {ion_co} unveils {ion_sys}
    How {ion_co} shuttles ions around a racetrack trap
    {ion_co}'s {ion_sys} hits #AQ {aq} on algorithmic benchmark
    Barium or ytterbium? {ion_co} explains its choice of ion
    {ion_co} opens {ion_sys} to cloud users via {cloud}
    Ion-trap chips go two-dimensional in {lab} demonstration
    """,
    """
    Each qubit is a single {ion_species} ion held in place by electric fields inside an ultra-high vacuum chamber.
    Laser pulses drive the gates, while a second species of ion is used for sympathetic cooling.
    The {ion_sys} uses a charge-coupled device architecture in which ions are shuttled between zones.
    Because any ion can interact with any other, the machine offers all-to-all connectivity.
    {ion_co} reported a two-qubit gate fidelity of 99.9{nines} per cent across all pairs.
    Gate speeds remain slower than in superconducting circuits, typically tens to hundreds of microseconds.
    Mid-circuit measurement and qubit reuse allow deeper circuits without adding more ions.
    The company measures progress in algorithmic qubits, a metric critics say is hard to compare across vendors.
    {person} of {ion_co} said the next step is integrating optics directly into the trap chip.
    Photonic interconnects between traps would let several modules act as one larger quantum computer.
    Coherence times for hyperfine qubits in trapped ions can exceed several seconds.
    The {ion_sys} sits in a standard data-centre rack rather than on an optical table, the company said.
    Electronic qubit control, rather than lasers, is the approach favoured by {ion_co_alt}.
    Heating of the ion crystal during transport has to be corrected before each gate.
    The {n_ion}-qubit {ion_sys} ran circuits that its designers say cannot be simulated exactly on a laptop.
    """,
    "quantum quantum-computing ionq quantinuum trapped-ions hardware",
)
_subject(
    "qc_photonic",
    """
    {photo_co} raises {money} to build a million-qubit photonic machine
    {photo_co}'s {photo_sys} demonstrates Gaussian boson sampling at scale
    Photonic chip from {photo_co} generates GKP states on-chip
    Why {photo_co} is building its computer in a semiconductor fab
    Fusion-based computing: {photo_co} details its architecture
    {photo_co} shows loss-tolerant photonic qubit
    """,
    """
    Photonic qubits are encoded in single photons guided through silicon nitride or silicon waveguides.
    The {photo_sys} machine uses squeezed light and time-multiplexed loops rather than static circuits.
    Optical loss is the main enemy: every photon lost in a waveguide is a qubit error.
    {photo_co} fabricates its chips at a commercial foundry, which it says will make scaling easier.
    The architecture relies on fusion measurements that entangle small resource states into a large cluster.
    Photon detectors based on superconducting nanowires still need cooling, though to a few kelvin.
    Gaussian boson sampling experiments have been used to claim an advantage over classical simulation.
    A fault-tolerant photonic machine would need on the order of a million physical qubits, {photo_co} estimates.
    GKP states encode a qubit in the continuous amplitude and phase of a light pulse.
    The company plans to network modules with optical fibre, since its qubits already travel as light.
    {person} said photonics avoids the wiring bottleneck of cryogenic superconducting systems.
    Deterministic single-photon sources based on quantum dots are being developed by {photo_co_alt}.
    """,
    "quantum quantum-computing photonics psiquantum hardware",
)
_subject(
    "qc_neutral_atom",
    """
    {atom_co} arrays {n_atoms} atoms in optical tweezers
    {lab} and {atom_co} run algorithms on {n_logical} logical qubits
    Neutral-atom startup {atom_co} raises {money}
    {atom_co}'s {atom_sys} machine goes online at {site}
    Rydberg gates reach 99.5 per cent fidelity in neutral-atom array
    Reloading atoms mid-computation: {atom_co} shows continuous operation
    """,
    """
    Individual rubidium or strontium atoms are trapped by tightly focused laser beams known as optical tweezers.
    Gates are performed by exciting atoms to high-energy Rydberg states, where they interact strongly.
    Atoms can be moved during a computation, letting the machine rearrange its connectivity on the fly.
    The array held {n_atoms} atoms, though not all of them were used in the headline experiment.
    Atom loss during a long computation is replenished from a reservoir, the team said.
    Researchers at {lab} worked with {atom_co} to encode {n_logical} logical qubits.
    The {atom_sys} system operated in analog mode, simulating magnetism rather than running gate-based circuits.
    Because atoms are identical, there is no fabrication variation of the kind that affects solid-state qubits.
    Two-qubit Rydberg gate fidelities of 99.5 per cent were reported across parallel operations.
    Cycle times are slower than superconducting devices, limited by imaging and rearrangement.
    {person} said the approach could reach ten thousand atoms within two years.
    The quantum computer was installed at {site} as part of a national high-performance computing programme.
    """,
    "quantum quantum-computing quera neutral-atoms hardware",
)
_subject(
    "qc_error_correction",
    """
    Below threshold: logical error halves with each step up in {qec_code} distance
    {n_logical} logical qubits, and what they mean
    Real-time decoding keeps up with a {sc_chip} chip
    Magic state distillation demonstrated on {platform}
    A new {qec_code} code cuts qubit overhead tenfold, theorists say
    Lattice surgery between two logical qubits demonstrated at {lab}
    Why error correction, not qubit count, is the number to watch
    Distance-7 memory outlives its best physical qubit
    Quantum error correction crosses the break-even point
    """,
    """
    The team encoded a logical qubit in a distance-{distance} {qec_code} code using {n_qubits} physical qubits.
    Logical error rates fell by a factor of {lambda} each time the code distance was increased.
    Operating below threshold means adding more physical qubits makes the logical qubit better rather than worse.
    A real-time decoder running on {decoder_hw} kept pace with syndrome extraction cycles of about one microsecond.
    Magic state distillation supplies the non-Clifford gates that a surface code cannot implement transversally.
    qLDPC codes promise lower overhead but need long-range connections between qubits.
    Lattice surgery lets two logical qubits interact without moving them.
    The logical memory survived longer than the best physical qubit on the chip, a milestone called break-even.
    Correlated errors from leakage and cosmic rays set a floor on the achievable logical error rate.
    {person} of {lab} said the result puts a fault-tolerant quantum computer on an engineering footing.
    Erasure conversion turns some errors into detectable losses, which are cheaper to correct.
    Syndrome measurements are repeated over many rounds and fed to a matching decoder.
    The experiment used {platform}.
    Transversal gates on {n_logical} logical qubits were run with post-selection on detected errors.
    Without error correction, no amount of hardware scaling will run algorithms like Shor's.
    """,
    "quantum quantum-computing error-correction logical-qubits research",
)
_subject(
    "qc_algorithms",
    """
    New resource estimate: RSA-2048 could fall to {million_q} noisy qubits
    Grover's algorithm offers less than advertised, analysis finds
    VQE struggles beyond small molecules, benchmark shows
    QAOA versus classical solvers: a fair comparison
    Simulating {molecule} on {platform}
    Dequantized: classical algorithm matches a celebrated speedup
    Hamiltonian simulation is the killer app, argue {lab} theorists
    Which problems will quantum computers actually speed up?
    Phase estimation for {molecule}: {logical_q} logical qubits needed
    """,
    """
    Shor's algorithm factors integers in polynomial time on a large fault-tolerant machine.
    Roughly {million_q} noisy qubits running for about a week would suffice, the authors estimate.
    Grover search gives only a quadratic speedup, which error-correction overhead can erase in practice.
    Variational algorithms such as VQE and QAOA run a short parameterised circuit in a loop with a classical optimiser.
    Barren plateaus make training larger variational circuits exponentially hard.
    Simulating {molecule} accurately is beyond exact classical methods but within reach of phase estimation.
    A team at {lab} found a classical algorithm that dequantizes the recommendation-system speedup.
    Resource estimates count T gates and logical qubits rather than physical hardware.
    The circuit required {tgates} T gates and {logical_q} logical qubits.
    Trotterized time evolution of spin models is one of the first tasks expected to show a useful speedup.
    Amplitude estimation could accelerate Monte Carlo pricing, but only on error-corrected hardware.
    {person} cautioned that many claimed quantum applications lack an end-to-end resource estimate.
    Tensor-network methods keep moving the bar that quantum algorithms must clear.
    Loading classical data into a quantum state can cancel the speedup for machine-learning tasks.
    """,
    "quantum quantum-computing algorithms research shor",
)
_subject(
    "qc_advantage",
    """
    {sc_co} claims beyond-classical result on {sc_chip}
    Classical simulation catches up with random circuit sampling claim
    Was it really quantum advantage? Tensor-network rebuttal says no
    {n_qubits}-qubit experiment would take a supercomputer {years} years, team says
    Utility before advantage: {sc_co} argues for useful noisy experiments
    Chinese team reports {sc_chip_cn} sampling record
    Quantum supremacy, five years on
    """,
    """
    Random circuit sampling is designed to be hard for classical computers rather than useful.
    The team estimated the task would take the Frontier supercomputer {years} years.
    Within months, researchers using tensor networks and GPU clusters reproduced the result in hours.
    The original 2019 Sycamore claim has since been matched by classical methods.
    Advantage claims depend on the best classical algorithm known at the time, which keeps improving.
    Error mitigation rather than full error correction was used to extract expectation values.
    {person} said the experiment was a demonstration of utility rather than advantage.
    Checking the output required cross-entropy benchmarking on smaller instances.
    Gaussian boson sampling experiments at USTC made similar claims with photons.
    Critics argue that a narrow sampling task says little about commercial applications of quantum computers.
    The circuits had a depth of {depth} layers of two-qubit gates across {n_qubits} qubits.
    Noise eventually washes out the signal, giving classical spoofing algorithms an opening.
    """,
    "quantum quantum-computing quantum-supremacy google research",
)
_subject(
    "qc_industry",
    """
    {qc_co} raises {money} in Series {series} round led by {investor}
    {qc_co} shares jump after {gov_agency} contract
    {qc_co} reports quarterly revenue of {money_small}, widens loss
    {qc_co} to go public via SPAC at {money_big} valuation
    {qc_co} acquires {qc_co2} in {money} deal
    {qc_co} and {bigco} sign partnership on {app}
    Quantum startup funding hit {money_big} last year, report says
    {qc_co} hires {person} as chief executive
    {qc_co} opens quantum data centre in {city}
    {qc_co} stock: what the bulls and bears say about quantum computing
    """,
    """
    {qc_co} said the round, led by {investor}, values the company at {money_big}.
    Proceeds will fund the next generation of its hardware and expand its engineering team in {city}.
    The company booked {money_small} in revenue for the quarter and reiterated its full-year guidance.
    Much of the revenue comes from system sales to governments and national laboratories rather than cloud access.
    Investors have poured money into quantum startups even as practical applications remain years away.
    {qc_co} is one of a handful of listed pure-play quantum computing companies, alongside {qc_co2}.
    The contract with {gov_agency} covers delivery of an on-premises system by {future_year}.
    Shares of {qc_co} have swung wildly, at times trading on comments from tech executives about timelines.
    The partnership will explore {app} on the company's quantum hardware.
    {person}, previously at {bigco}, joins as the company prepares to scale manufacturing of its qubits.
    Analysts at {bank} rate the stock as speculative, citing cash burn.
    The deal gives {qc_co} access to {qc_co2}'s {tech_asset}.
    D-Wave says its annealers already solve customer optimisation problems in scheduling and logistics.
    Quantinuum, majority-owned by Honeywell, raised money at a valuation of about {money_big}.
    The company expects to deliver a machine with {n_logical} logical qubits by {future_year}.
    """,
    "quantum quantum-computing ionq funding startups stocks",
)
_subject(
    "qc_policy",
    """
    Congress moves to reauthorise the National Quantum Initiative
    {country} commits {money_big} to national quantum computing programme
    DARPA picks {n_small} firms for next stage of Quantum Benchmarking Initiative
    Export controls on quantum computers tighten
    {country} opens national quantum computing centre
    Quantum workforce: universities struggle to train enough engineers
    """,
    """
    The bill would fund quantum computing research at the Department of Energy and NIST for another five years.
    {country}'s plan sets a target of a fault-tolerant quantum computer by {future_year}.
    DARPA's Quantum Benchmarking Initiative aims to verify whether any approach can reach utility scale by 2033.
    Export rules now require licences for machines above a threshold of qubits and error rates.
    The national centre will host testbeds from several hardware vendors.
    Officials said public investment is meant to crowd in private capital for quantum startups.
    {person}, who advises the government on quantum technology, warned of a talent shortage.
    The strategy sets aside money for quantum computing hardware, software and skills.
    Procurement of a national quantum computer is planned through an open competition.
    Lawmakers cited competition with China as a reason to increase quantum research budgets.
    """,
    "quantum quantum-computing policy government",
)
_subject(
    "qc_software",
    """
    {sw} {sw_ver} adds dynamic circuits and faster transpilation
    Running your first circuit on {cloud}
    {bigco_gpu} CUDA-Q brings GPUs and QPUs into one workflow
    Hybrid quantum-classical jobs arrive at {hpc_site}
    Compiler tricks cut two-qubit gate counts by {pct} per cent
    Benchmarking SDKs: {sw} against the rest
    """,
    """
    {sw} {sw_ver} adds support for dynamic circuits with mid-circuit measurement and feed-forward.
    The transpiler maps logical circuits onto the device's native gate set and connectivity.
    Users can submit jobs to real hardware or simulators through {cloud}.
    GPU-accelerated state-vector simulators handle up to roughly forty qubits on a single node.
    The supercomputing centre has installed an on-premises QPU next to its classical nodes.
    Scheduling hybrid jobs means co-ordinating queue times on classical and quantum resources.
    Error mitigation techniques such as zero-noise extrapolation are now built into the runtime.
    {person} said most users still work with simulators because hardware time is scarce.
    Pulse-level control gives researchers access below the gate abstraction.
    Circuit cutting splits large circuits into pieces that fit on smaller QPUs.
    The new release drops support for older Python versions.
    Open-source contributors submitted {n_small}0 pull requests for the release of {sw}.
    """,
    "quantum quantum-computing qiskit software developers",
)
_subject(
    "qc_qday",
    """
    How many qubits to break RSA-2048? The estimates keep falling
    Q-Day timeline: what the hardware roadmaps actually say
    Breaking elliptic-curve keys with Shor: a resource estimate walkthrough
    Don't panic yet: today's {n_qubits}-qubit chips versus a cryptographically relevant machine
    Reading the new factoring paper so you don't have to
    """,
    """
    A cryptographically relevant quantum computer would need thousands of logical qubits running Shor's algorithm.
    The latest estimate needs fewer than a million noisy qubits to factor a 2048-bit RSA modulus in under a week.
    Elliptic-curve keys are, if anything, easier targets than RSA for a large quantum computer.
    Today's largest processors have about a thousand physical qubits and no error-corrected logic at scale.
    Factoring records on actual hardware remain tiny numbers like 21, often with tricks that assume the answer.
    Progress in error correction, not raw qubit counts, is the signal defenders should track.
    Hardware vendors' roadmaps point to fault-tolerant systems around the end of the decade.
    The estimate relies on magic state cultivation and yoked surface codes to cut overhead.
    {person} argues that expert surveys put the probability of Q-Day within ten years at roughly one in three.
    Claims of breaking RSA with D-Wave annealers have not survived scrutiny.
    """,
    "quantum quantum-computing shor encryption cryptography",
)
# -- hard negatives: quantum in other senses, or adjacent topics ------------------------------
_subject(
    "pqc",
    """
    NIST finalises FIPS 203, 204 and 205: what changes now
    Post-quantum TLS: {browser} enables hybrid ML-KEM by default
    Migrating to post-quantum cryptography: a checklist for CISOs
    Harvest now, decrypt later: is your VPN ready for the quantum threat?
    ML-DSA signatures are big. Here is how to cope
    Crypto-agility lessons from the SHA-1 deprecation
    Side channel found in Kyber reference implementation
    Your quantum-safe migration will take longer than you think
    """,
    """
    ML-KEM, formerly known as Kyber, is now standardised as FIPS 203.
    Hybrid key exchange combines X25519 with ML-KEM so that security never drops below today's level.
    Post-quantum signatures such as ML-DSA are several kilobytes, which strains certificate chains.
    Agencies have been told to inventory their cryptography and plan migration by 2035.
    The harvest-now-decrypt-later threat means traffic recorded today could be read once large quantum computers exist.
    Lattice-based schemes rely on the hardness of the module learning-with-errors problem.
    Hash-based signatures like SLH-DSA are conservative but slow.
    {browser} reports that hybrid key exchange added only a few milliseconds to handshakes.
    Hardware security modules need firmware updates before they can generate post-quantum keys.
    A timing side channel in a reference implementation was fixed by making division constant-time.
    Crypto-agility, the ability to swap algorithms without redesign, matters more than any single choice.
    {person} recommends starting with key exchange, where the harvest threat is real, before signatures.
    Quantum-resistant algorithms run on ordinary computers and need no special hardware.
    """,
    "post-quantum encryption cryptography quantum nist",
)
_subject(
    "qkd",
    """
    Satellite links {city} and {city2} with quantum key distribution
    Quantum internet testbed spans {km} km of fibre
    Bank trials quantum key distribution for data-centre links
    Why the NSA does not recommend quantum key distribution
    Entanglement distributed between two cities over deployed fibre
    """,
    """
    Quantum key distribution uses single photons to share encryption keys whose interception would be detectable.
    The link ran over {km} kilometres of deployed telecom fibre.
    Trusted nodes relay keys over long distances, which weakens the security argument.
    The Micius satellite demonstrated entanglement-based key distribution between ground stations.
    Key rates remain low, a few kilobits per second over metropolitan distances.
    Quantum repeaters, needed for long-distance entanglement, are still at the laboratory stage.
    Government agencies prefer post-quantum cryptography because it runs on existing networks.
    {person} said the testbed will be used to study timing synchronisation and photon loss.
    """,
    "quantum encryption networking physics",
)
_subject(
    "quantum_physics",
    """
    Physicists observe entanglement between {particles} at record distance
    Bell test closes another loophole
    New atomic clock would lose one second in {big_years} years
    Quantum tunnelling clocked in attosecond experiment
    Does gravity entangle? A tabletop test proposal
    Physicists cool a {object} to its quantum ground state
    Quantum sensor maps brain activity without a helmet of wires
    Nobel physics prize honours pioneers of entanglement experiments
    Weird quantum effect seen in {material}
    Schrödinger's cat gets heavier: superposition of a 16-microgram crystal
    """,
    """
    Entanglement links two particles so that measurements on one are correlated with the other regardless of distance.
    The experiment closed the detection loophole by recording nearly every photon.
    Optical lattice clocks measure time using the ticking of strontium atoms.
    Quantum mechanics predicts that particles can tunnel through barriers that classical physics forbids.
    Reconciling quantum theory with general relativity remains one of physics' open problems.
    The team cooled the {object} to within a few quanta of its motional ground state.
    Quantum sensors based on nitrogen-vacancy centres in diamond can detect tiny magnetic fields.
    Superposition of a massive object would test whether gravity itself behaves quantum mechanically.
    The measurement agrees with quantum electrodynamics to eleven decimal places.
    {person} of {lab} said the work is about fundamental physics, not technology.
    The researchers used {laser} laser pulses to excite the atoms.
    The findings were published in Physical Review Letters.
    Wave-particle duality was again demonstrated, this time with molecules of more than two thousand atoms.
    Future space missions could test quantum effects over thousands of kilometres.
    Decoherence destroyed the superposition within microseconds, as theory predicts.
    """,
    "physics quantum research science",
)
_subject(
    "quantum_materials",
    """
    Room-temperature superconductor claim fails replication
    Twisted graphene shows unconventional superconductivity
    Topological insulator grown on silicon wafer
    Strange-metal behaviour explained by new theory
    Elusive Majorana particles: new evidence, old doubts
    """,
    """
    The material's electrons behave collectively, a hallmark of quantum materials.
    Twisted bilayer graphene becomes superconducting at a magic angle of about 1.1 degrees.
    Replication attempts found the resistance drop came from copper sulfide impurities.
    Topological insulators conduct along their surfaces while remaining insulating inside.
    The team used angle-resolved photoemission spectroscopy to map the band structure.
    Applications in electronics are at least a decade away, the researchers cautioned.
    Majorana modes predicted in such materials have proven difficult to confirm.
    {person} said the group will next study {material} under high pressure.
    Superconductivity in the nickelate appeared only under pressures of 14 gigapascals.
    """,
    "physics materials superconductors research",
)
_subject(
    "quantum_dots",
    """
    {tv_brand} {tv_model} review: quantum dots, brighter than ever
    QLED vs OLED: which TV should you buy in {year}?
    Best quantum-dot monitors for gaming
    Cadmium-free quantum dots come to budget TVs
    Nobel chemistry prize for the discovery of quantum dots
    Quantum-dot solar cells set efficiency record
    """,
    """
    The {tv_model} uses a quantum-dot enhancement film to widen its colour gamut.
    Peak brightness measured {nits} nits in HDR mode, among the best we have tested.
    Mini-LED backlighting with {zones} dimming zones keeps blooming under control.
    Quantum dots are semiconductor nanocrystals that emit a specific colour depending on their size.
    QD-OLED panels combine a blue OLED layer with quantum-dot colour converters.
    Viewing angles are narrower than on an OLED set.
    The TV runs {tv_os} and supports Dolby Vision and HDR10+.
    At {money_tv} it undercuts rival sets with similar specifications.
    Input lag measured {lag} ms in game mode at 120Hz.
    The 2023 Nobel Prize in Chemistry recognised the discovery and synthesis of quantum dots.
    """,
    "tvs reviews displays quantum-dots",
)
_subject(
    "quantum_marketing",
    """
    {company_gen} promises a quantum leap in customer engagement
    {company_gen} launches Quantum, its new {product_gen}
    Finish Quantum Ultimate dishwasher tablets tested
    Why every startup pitch now says quantum leap
    {company_gen} Quantum X running shoe review
    """,
    """
    The company described the update as a quantum leap for its platform.
    Marketing copy aside, the product has nothing to do with physics.
    {company_gen} Quantum is available from next month at {money_tv}.
    Analysts said the rebrand is designed to sound futuristic.
    The tablets left glasses spotless in our tests, though pans needed a pre-rinse.
    Customers will see a quantum improvement in response times, the press release said.
    The shoe's Quantum foam midsole is softer than last year's model.
    {person}, the company's chief marketing officer, said the name reflects ambition.
    """,
    "marketing products deals",
)
_subject(
    "quantum_healing",
    """
    What is quantum healing, and does it work?
    The quantum wellness retreat that charges {money_tv} a night
    Doctors warn about quantum energy pendants
    Inside the booming market for quantum biofeedback devices
    Quantum manifestation: the TikTok trend explained
    """,
    """
    Proponents claim the mind can heal the body through quantum energy fields.
    Physicists say the word quantum is being used as a marketing term with no scientific meaning.
    The pendants were found to contain radioactive thorium, prompting a safety warning.
    Practitioners charge up to {money_tv} for a session with a so-called quantum biofeedback machine.
    There is no evidence that such treatments work beyond placebo.
    {person}, a wellness coach, says she first encountered quantum healing at a retreat in Bali.
    Regulators have fined sellers for making unproven health claims.
    The books of Deepak Chopra popularised the term in the 1990s.
    """,
    "wellness health lifestyle",
)
_subject(
    "quantum_film",
    """
    Quantum of Solace at {n_small}0: reappraising Daniel Craig's most divisive Bond
    Quantum Leap reboot cancelled after two seasons
    Ant-Man and the Wasp: Quantumania review
    Every Bond film ranked, from Dr. No to No Time to Die
    The quantum realm is Marvel's favourite plot device
    """,
    """
    Quantum of Solace picks up minutes after the end of Casino Royale.
    The film was shot during a writers' strike, which shows in its thin script.
    The original Quantum Leap starred Scott Bakula as a physicist lost in time.
    Quantumania grossed less than its predecessors at the box office.
    The quantum realm has become a convenient way to bend the rules of the story.
    {person} reviewed the film for our culture desk.
    Its action sequences remain some of the franchise's best.
    The soundtrack is available on streaming services.
    """,
    "movies tv entertainment",
)
_subject(
    "quantum_corp",
    """
    Quantum Corp shares slide after delayed filing
    Quantum Scalar i7 tape library review
    Quantum Corporation names new CFO
    Quantum ActiveScale adds object lock for ransomware protection
    Tape is back: Quantum and LTO-10
    """,
    """
    Quantum Corporation, the San Jose storage company, trades under the ticker QMCO.
    The Scalar tape library scales to thousands of LTO cartridges.
    Quantum's StorNext file system is widely used in video post-production.
    The company restated earlier results after an accounting review.
    Tape remains the cheapest medium for cold archive data at scale.
    ActiveScale object storage now supports immutable snapshots.
    Revenue fell {pct} per cent year on year to {money_small}.
    {person}, an analyst at {bank}, said the balance sheet remains stretched.
    """,
    "storage stocks enterprise",
)
_subject(
    "market_movers",
    """
    Stocks making the biggest moves midday: {ticker}, {ticker2}, {ticker3} and more
    Premarket movers: {ticker}, {ticker2}, {ticker3}
    Top gainers and losers on the Nasdaq this week
    Retail traders pile into speculative tech names
    Meme-stock watch: options volume surges in {ticker}
    """,
    """
    {ticker} rose {pct} per cent after the company raised its outlook.
    Shares of quantum computing companies IonQ and Rigetti rallied alongside other speculative names.
    {ticker2} fell {pct} per cent on weaker-than-expected guidance.
    D-Wave Quantum shares added {pct} per cent in heavy volume.
    The S&P 500 closed {up_down} {pct_small} per cent while the Nasdaq {up_down2} {pct_small} per cent.
    Treasury yields edged higher ahead of the Fed meeting.
    Retail traders have favoured small-cap names in AI, nuclear power and quantum computing.
    Options activity in {ticker} hit a record.
    Investors rotated out of megacap technology shares.
    {ticker3} swung between gains and losses after an analyst downgrade.
    """,
    "stocks markets trading",
)
_subject(
    "quantum_chem_classical",
    """
    GPU-accelerated DFT cuts simulation time for catalysts
    Exascale machine runs largest quantum chemistry calculation yet
    Coupled-cluster code ported to {gpu}
    Machine-learned potentials speed up molecular dynamics on {super}
    """,
    """
    Density functional theory remains the workhorse of computational chemistry.
    The code solves the electronic structure of {n_atoms_chem} atoms on {n_nodes} nodes.
    Quantum chemistry calculations scale steeply with system size, making them a natural fit for GPUs.
    The team ran coupled-cluster calculations on the {super} supercomputer.
    Machine-learned potentials trained on DFT data accelerate molecular dynamics.
    {person} said the work paves the way for designing better catalysts.
    Porting the code to {gpu} accelerators took two years of work.
    """,
    "chemistry simulation supercomputing science",
)
_subject(
    "ai_hype",
    """
    {bigco} bets big on AI agents at its developer conference
    The next computing platforms: AI, quantum and beyond
    {bigco} chief says AI will change every job
    Ten technologies to watch in {year}
    {ai_co} and {bigco} announce multibillion-dollar data-centre deal
    """,
    """
    {bigco} said AI agents will handle routine tasks for office workers within two years.
    Executives also pointed to quantum computing as the next frontier, though practical machines remain years away.
    Spending on AI data centres is expected to top $200 billion this year.
    {ai_co}'s latest model, {ai_model}, was shown drafting emails and booking travel.
    The list also includes fusion power, humanoid robots and quantum computers.
    Critics question whether the revenue will ever justify the capital spending.
    {person} said the hype cycle resembles the dot-com era.
    """,
    "ai future-tech",
)
# -- plain off-topic subjects -------------------------------------------------------------
_subject(
    "ai",
    """
    {ai_co} releases {ai_model} with longer context window
    {ai_co} model tops coding benchmark
    Inside the race for AI chips
    Lawsuit claims {ai_co} trained on copyrighted books
    Open-weight models close the gap with {ai_model}
    How {bigco} is putting AI assistants into spreadsheets
    """,
    """
    {ai_model} can process documents hundreds of pages long in a single prompt.
    The model scored higher than rivals on coding and maths benchmarks.
    {ai_co} said the model was trained on a mix of licensed and public data.
    Inference costs have fallen sharply as chips and software improve.
    Regulators in the EU are preparing rules under the AI Act.
    {person}, a researcher at {lab}, said benchmarks are increasingly saturated.
    Enterprises are still struggling to move pilots into production.
    The company did not disclose the size of the training run.
    """,
    "ai machine-learning llm",
)
_subject(
    "gadgets",
    """
    {gadget} review: a small upgrade that gets the basics right
    {gadget_co} unveils new phones and watches at autumn event
    The best phones to buy in {year}
    {gadget} battery test: how long does it really last?
    {gadget_co} foldable hands-on
    Best wireless earbuds under {money_tv}
    """,
    """
    Battery life comfortably lasted a full day of heavy use.
    The camera handles low light better than last year's model.
    At {money_tv}, the {gadget} is not cheap.
    The display is brighter and now refreshes at 120Hz.
    {gadget_co} has moved to USB-C across its line-up.
    Software updates are promised for seven years.
    We tested the device for two weeks as our daily driver.
    The hinge feels sturdier than on the previous generation.
    """,
    "gadgets phones reviews",
)
_subject(
    "security",
    """
    {malware} gang claims attack on {city} hospital network
    Critical flaw in {vendor} exploited in the wild
    Patch now: {vendor} fixes zero-day used by {malware}
    Passkeys are finally going mainstream
    How {malware} breached a logistics giant
    Data of 40 million customers leaked in cloud misconfiguration
    """,
    """
    Attackers exploited an authentication bypass in {vendor} appliances.
    The {malware} group posted stolen files on its leak site.
    CISA added the vulnerability to its known-exploited catalogue.
    Administrators should apply the patch and rotate credentials.
    The intrusion began with a phishing email sent to a contractor.
    {person}, a researcher at a threat-intelligence firm, said the campaign is ongoing.
    Backups were encrypted along with production systems.
    Multi-factor authentication would have stopped the initial access.
    """,
    "security ransomware vulnerabilities",
)
_subject(
    "policy",
    """
    EU opens antitrust probe into {bigco}
    Senate hearing grills tech chiefs over child safety
    New privacy law takes effect in {country}
    Regulators fine {bigco} over data transfers
    """,
    """
    The commission will examine whether {bigco} favoured its own services.
    Lawmakers pressed executives on content moderation.
    The law gives users the right to delete data held by brokers.
    The fine is the largest under the GDPR so far.
    {person}, a policy analyst, said enforcement has been slow.
    The company said it would appeal.
    """,
    "policy regulation privacy",
)
_subject(
    "startups",
    """
    {company_gen} raises {money} to build AI tools for accountants
    Fintech {company_gen} lays off {pct} per cent of staff
    Venture funding rebounds in {year}, led by AI deals
    {company_gen} acquired by {bigco}
    Y Combinator's latest batch is almost all AI
    """,
    """
    The round was led by {investor} with participation from existing backers.
    {company_gen} says it has tripled annual recurring revenue.
    The layoffs affect mostly sales and marketing roles.
    Valuations have reset after the 2021 boom.
    {person}, the founder, previously worked at {bigco}.
    The startup plans to expand into Europe next year.
    """,
    "startups funding venture-capital",
)
_subject(
    "markets",
    """
    Stocks close higher as inflation cools
    Fed holds rates steady, signals cuts later this year
    {bigco} earnings beat expectations on cloud growth
    Oil prices fall on demand worries
    Dollar weakens after jobs report
    {ticker} hits record high ahead of earnings
    """,
    """
    The S&P 500 rose {pct_small} per cent, led by technology shares.
    Consumer prices rose less than economists had expected.
    {bigco} reported revenue up {pct} per cent from a year earlier.
    Bond yields fell as traders priced in rate cuts.
    Brent crude slipped below $80 a barrel.
    {person}, chief strategist at {bank}, said volatility may return.
    Earnings season has been stronger than feared.
    Shares of {ticker} have more than doubled this year.
    """,
    "stocks markets economy earnings",
)
_subject(
    "space",
    """
    {mission} launch slips to next year
    JWST spots carbon dioxide on distant exoplanet
    Water ice found near lunar south pole
    SpaceX catches booster with chopsticks
    New images of {planet} reveal ancient river deltas
    """,
    """
    The spacecraft will study {planet} for at least four years.
    Engineers are investigating a heat-shield problem found after the last test.
    The telescope detected the molecule in the planet's atmosphere.
    {person}, a planetary scientist, said the data surprised the team.
    The mission is a collaboration between NASA and the European Space Agency.
    The launch window opens in October.
    """,
    "space nasa astronomy",
)
_subject(
    "biology",
    """
    How the {species} regrows lost limbs
    Gene-edited pigs could supply organs for transplant
    Ancient DNA rewrites history of early farmers
    Microbes in deep-sea vents survive without sunlight
    """,
    """
    The {species} can regenerate tissue that most animals cannot.
    Researchers sequenced genomes from more than 300 individuals.
    The study was published in Nature.
    {person}, a biologist at {lab}, led the work.
    CRISPR editing removed the genes responsible for rejection.
    The findings could inform treatments for {disease}.
    """,
    "biology genetics research",
)
_subject(
    "climate",
    """
    Last year was the hottest on record
    Antarctic sea ice hits new low
    Carbon capture plant opens in Iceland
    Heat pumps outsell gas boilers in {country}
    """,
    """
    Global temperatures were 1.5C above pre-industrial levels for twelve months.
    The plant can remove 36,000 tonnes of carbon dioxide a year.
    Scientists warned that tipping points may be closer than thought.
    {person}, a climate scientist, said the trend is unmistakable.
    Renewables supplied a record share of electricity.
    Wildfire seasons are growing longer across the northern hemisphere.
    """,
    "climate energy environment",
)
_subject(
    "health",
    """
    New drug slows {disease} in trial
    Weight-loss drugs may cut heart attack risk
    Study links poor sleep to {disease}
    Blood test could detect cancer early
    """,
    """
    Patients taking the drug declined {pct} per cent more slowly.
    The trial enrolled 1,800 participants across {n_small} countries.
    {person}, a physician at the university hospital, called the results encouraging.
    Side effects included nausea and headaches.
    Regulators are expected to decide on approval next year.
    Larger studies are needed to confirm the link.
    """,
    "health medicine research",
)
_subject(
    "physics",
    """
    LHC restarts at record energy
    Neutrino experiment hints at new physics
    Dark matter search comes up empty again
    Muon g-2 result tightens tension with theory
    Fusion experiment sustains plasma for record time
    """,
    """
    The collider will run at 13.6 trillion electronvolts.
    The detector sits a mile underground to shield it from cosmic rays.
    No signal was seen, ruling out a popular class of dark matter models.
    {person}, a physicist at CERN, said more data is needed.
    The tokamak held the plasma for six minutes.
    The result is a five-sigma discovery by the usual standard.
    """,
    "physics particle-physics research",
)
_subject(
    "engineering",
    """
    Robot hand learns to manipulate fragile objects
    Engineers build bridge from recycled plastic
    New battery chemistry charges in five minutes
    Self-healing concrete tested in {city}
    Soft robots inspired by the {species}
    """,
    """
    The gripper uses tactile sensors in each fingertip.
    The battery retained 80 per cent of its capacity after 2,000 cycles.
    {person}, a professor of mechanical engineering, led the project.
    The team will next test the design outdoors.
    Funding came from the National Science Foundation.
    The prototype was built in the department's workshop.
    """,
    "engineering research robotics",
)
_subject(
    "campus",
    """
    Commencement {year}: record number of graduates
    Men's {sport} team wins conference title
    New library wing opens to students
    {dept} professor wins national teaching award
    Admissions: what the class of {future_year} looks like
    Campus dining adds plant-based options
    """,
    """
    More than 4,000 students received degrees at the ceremony.
    The team finished the season with a 21-4 record.
    The new wing adds 300 study spaces and a café.
    {person}, professor of {dept}, has taught at the university for 20 years.
    Applications rose {pct} per cent this year.
    The event is free and open to the public.
    """,
    "campus students events",
)
_subject(
    "supercomputing",
    """
    {super} tops the TOP500 list again
    Exascale at work: climate models on {super}
    Europe's first exascale machine JUPITER comes online
    Liquid cooling becomes standard in new supercomputers
    {super} upgrade adds {n_nodes} nodes
    """,
    """
    The system delivers more than one exaflop on the HPL benchmark.
    {super} uses {gpu} accelerators connected by Slingshot interconnect.
    Power consumption is about 25 megawatts at full load.
    Climate scientists ran kilometre-scale simulations for a full year of weather.
    {person}, director of the computing centre, said the queue is already full.
    The machine is cooled by warm water, cutting energy use.
    Researchers apply for time through an annual allocation programme.
    """,
    "supercomputing hpc exascale",
)
_subject(
    "gpus_cloud",
    """
    {bigco_gpu} {gpu} benchmarks: how fast is it for training?
    Cloud providers race to add {gpu} capacity
    Inside a 100,000-GPU AI cluster
    Data-centre power demand strains the grid
    Arm servers gain ground in the cloud
    Building a home lab: which GPU for local LLMs?
    """,
    """
    The {gpu} offers more memory bandwidth than its predecessor.
    Training throughput improved by about {pct} per cent in our tests.
    Cloud instances with eight {gpu} cards rent for about $30 an hour.
    Networking between racks is now the bottleneck for large training runs.
    {person}, an analyst at {bank}, expects capital spending to keep rising.
    Liquid cooling is required for the densest racks.
    The new instances are available in {n_small} regions.
    """,
    "gpus cloud datacenter hardware",
)
_subject(
    "storage",
    """
    NVMe over fabrics goes mainstream
    Object storage for AI training pipelines
    Parallel file systems under pressure from AI workloads
    Hard drives reach 30TB with HAMR
    """,
    """
    The array delivers {n_small}00 GB/s of throughput.
    Data pipelines for training need to feed thousands of GPUs at once.
    HAMR drives heat a tiny spot on the platter with a laser.
    {person}, a storage architect, said metadata performance matters most.
    Erasure coding protects data across failure domains.
    """,
    "storage hardware enterprise",
)
_subject(
    "programming",
    """
    {lang} import error after upgrading {tool}
    How do I speed up a loop in {lang}?
    {tool} container cannot reach the network
    Segfault only in release build
    Best way to parse large JSON files in {lang}?
    Why does my {tool} install hang?
    """,
    """
    I upgraded {tool} and now the import fails with a missing module error.
    The loop processes about ten million rows and takes several minutes.
    Try vectorising the operation instead of iterating row by row.
    The container starts fine but DNS resolution fails inside it.
    Running with the debugger shows the crash in a destructor.
    Check which {lang} interpreter your environment is actually using.
    Pin the dependency version until the bug is fixed upstream.
    Streaming the file instead of loading it at once fixed the memory issue.
    """,
    "programming python linux",
)
_subject(
    "gaming",
    """
    {game} review: a triumph
    {game} sales pass ten million
    The best games of {year} so far
    Studio behind {game} announces layoffs
    """,
    """
    The combat system rewards patience and timing.
    The game runs at a steady 60 frames per second on console.
    {person} played the game for 40 hours for this review.
    The studio said development took six years.
    A free update adds new areas and bosses.
    """,
    "gaming games reviews",
)
_subject(
    "lifestyle",
    """
    The perfect {dish} in 30 minutes
    A long weekend in {place}
    Ten-minute workouts that actually work
    How to declutter your home office
    Our favourite hiking boots for {year}
    """,
    """
    Start by toasting the spices in a dry pan.
    {place} is best visited in late spring before the crowds arrive.
    Short, intense sessions can be as effective as longer workouts.
    {person} tested twelve pairs over three months.
    Book the ferry in advance during the summer.
    Keep only the items you have used in the last year.
    """,
    "lifestyle travel food",
)
_subject(
    "entertainment",
    """
    {show} season two review
    Everything coming to streaming this month
    {show} renewed for another season
    The best films of {year}
    """,
    """
    The second season expands the world without losing its focus.
    The finale left several plot threads open.
    {person} reviews television for our culture desk.
    Streaming services raised prices again this year.
    The cast returns for a third season next spring.
    """,
    "entertainment tv movies",
)

ON_TOPIC: frozenset[str] = frozenset(k for k in SUBJECTS if k.startswith("qc_"))
# Subjects a reasonable analyst might argue either way; labelled off-topic (see the module docstring).
BORDERLINE: dict[str, str] = {
    "pqc": "post-quantum cryptography (classical algorithms)",
    "qkd": "quantum communication, not computing",
    "quantum_physics": "quantum physics research, not computing",
    "quantum_materials": "quantum materials research",
    "market_movers": "market round-up mentioning quantum stocks",
    "quantum_chem_classical": "quantum chemistry on classical supercomputers",
}
FAMILY: dict[str, str] = dict.fromkeys(ON_TOPIC, "qc") | {
    "pqc": "crypto",
    "qkd": "qphys",
    "quantum_physics": "qphys",
    "quantum_materials": "qphys",
    "physics": "qphys",
    "quantum_dots": "qword",
    "quantum_marketing": "qword",
    "quantum_healing": "qword",
    "quantum_film": "qword",
    "quantum_corp": "qword",
    "security": "crypto",
}
# Families whose pages link to each other more than chance (topical neighbourhoods).
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    "qc": ("qphys", "crypto", "market_movers", "supercomputing", "quantum_chem_classical"),
    "qphys": ("qc",),
    "crypto": ("qc",),
    "market_movers": ("qc", "markets"),
}

# Passing mentions of quantum computing in off-topic articles.
PASSING = _lines("""
Some analysts see quantum computing as the next wave after AI, though useful machines are years off.
The company also has a small quantum computing research group.
Like AI before it, quantum computing has attracted more hype than revenue so far.
Investors are also looking at nuclear power and quantum computing stocks.
""")

# News filler, usable in any article of a news host.
GENERIC = _lines("""
The company did not respond to a request for comment.
The announcement comes as competition in the sector intensifies.
{person} said the results were encouraging but cautioned against reading too much into them.
Details of the deal were not disclosed.
The figures have not been independently verified.
The work was funded in part by government grants.
Shares were little changed in after-hours trading.
The next update is expected later this year.
More details will be presented at a conference in {city} next month.
It is not the first time the company has made such a claim.
Several experts contacted for this article said it was too early to judge.
The company plans to publish a full technical paper.
The news was first reported by a trade publication.
The timeline could slip, as it has before.
That is a big if, according to people familiar with the plans.
A spokesperson declined to give a date.
This story has been updated with additional comment.
Independent researchers will be able to check the data once it is released.
""")

WIKI_LEAD = {
    "qc": "a topic in quantum information science and computing hardware",
    "qphys": "a topic in physics",
    "crypto": "a topic in cryptography",
    "qword": "a product, work or brand",
}
WIKI_SECTIONS = ("History", "Overview", "Design", "Reception", "See also", "References", "Development", "Applications")
WIKI_QC_TITLES = _lines("""
Quantum computing
Qubit
Transmon
Fluxonium
Superconducting quantum computing
Trapped-ion quantum computer
Neutral atom quantum computer
Linear optical quantum computing
Topological quantum computer
Quantum error correction
Surface code
Toric code
Stabilizer code
Cat qubit
Magic state distillation
Quantum threshold theorem
Logical qubit
Shor's algorithm
Grover's algorithm
Quantum Fourier transform
Quantum phase estimation algorithm
HHL algorithm
Variational quantum eigensolver
Quantum approximate optimization algorithm
Quantum supremacy
Boson sampling
Quantum annealing
Adiabatic quantum computation
Quantum logic gate
Quantum circuit
Quantum volume
Noisy intermediate-scale quantum era
Quantum simulator
Quantum programming
Qiskit
Cirq
PennyLane
IBM Quantum Platform
Sycamore processor
Willow processor
IBM Condor
IBM Heron
IonQ
Quantinuum
Rigetti Computing
D-Wave Systems
PsiQuantum
Xanadu Quantum Technologies
QuEra Computing
Pasqal
Atom Computing
Alice & Bob (company)
Majorana 1
National Quantum Initiative Act
Quantum Benchmarking Initiative
Timeline of quantum computing and communication
List of quantum processors
Gottesman–Knill theorem
Solovay–Kitaev theorem
""")
WIKI_QPHYS_TITLES = _lines("""
Quantum mechanics
Quantum field theory
Quantum entanglement
Quantum tunnelling
Quantum superposition
Schrödinger's cat
Bell's theorem
Bell test
Wave–particle duality
Quantum decoherence
Quantum gravity
Quantum electrodynamics
Atomic clock
Nitrogen-vacancy center
Quantum sensor
Quantum key distribution
Micius (satellite)
Quantum network
Superconductivity
Josephson effect
Topological insulator
Twisted bilayer graphene
Majorana fermion
Density functional theory
Coupled cluster
""")
WIKI_QWORD_TITLES = _lines("""
Quantum dot
Quantum dot display
QLED
Quantum of Solace
Quantum Leap (1989 TV series)
Quantum Leap (2022 TV series)
Ant-Man and the Wasp: Quantumania
Quantum realm
Quantum healing
Quantum mysticism
Quantum Corporation
Quantum (band)
Finish (detergent)
Post-quantum cryptography
Kyber
NIST Post-Quantum Cryptography Standardization
""")
WIKI_GENERAL_PARTS = {  # first and second parts of made-up names
    "town": (
        "Ashford Bellmont Carrow Dunmore Elsworth Fairhaven Glenwood Harrowgate Ivyton Kestrel Larchmont Marlow"
        " Norbury Oakham Penridge Redwick Stanmore Thornbury Weyford Whitcombe",
        "Ohio Kent Ontario Victoria Oregon Bavaria Vermont Wales Alberta Iowa",
    ),
    "species": (
        "Acanthus Boreogadus Calopteryx Drosera Eublepharis Formica Gobius Hyla Ixodes Lepidium Myotis Nerita"
        " Orchestia Picus Quedius Rana Salix Tipula",
        "minor borealis pallida vulgaris gracilis montana rubra aquatica sylvestris alpina maritima nigra alba",
    ),
    "album": (
        "Silver Glass Northern Paper Quiet Red Hollow Amber Distant Iron Velvet Broken Golden Winter Electric",
        "Dusk Harbour Static Lanterns Engines Meridian Rivers Season Signals Gardens Hours Machines",
    ),
}
WIKI_GENERAL_SENTS = {
    "town": _lines("""
    It was first recorded in the 12th century.
    The population was 4,312 at the 2020 census.
    The town lies on the river and grew around a market.
    The railway station opened in 1862.
    Notable residents include a 19th-century painter and a footballer.
    The climate is oceanic with mild summers.
    The parish church dates from the 14th century.
    """),
    "species": _lines("""
    The species is found in temperate forests and wetlands.
    It feeds mainly on insects and small invertebrates.
    It is listed as least concern on the IUCN Red List.
    Adults reach a length of about 12 centimetres.
    The species was first described in 1851.
    Breeding takes place in early spring.
    """),
    "album": _lines("""
    The album reached number 14 on the national chart.
    Critics praised its production but found the lyrics uneven.
    The band toured Europe in support of the record.
    It was recorded over six weeks in a converted farmhouse.
    The lead single was released in March.
    """),
    "bio": _lines("""
    Born in a small town, {name} studied at a local university before moving abroad.
    {name} has received several national awards.
    {name} lives in {city}.
    Early in their career, {name} worked as a schoolteacher.
    """),
}
WIKI_MISC: dict[str, tuple[str, ...]] = {
    "supercomputing": _lines("""
    Frontier (supercomputer)
    El Capitan (supercomputer)
    Aurora (supercomputer)
    Fugaku (supercomputer)
    TOP500
    Exascale computing
    Message Passing Interface
    """),
    "gpus_cloud": _lines("""
    Graphics processing unit
    CUDA
    Nvidia
    Cloud computing
    Data center
    """),
    "ai": _lines("""
    Large language model
    Transformer (deep learning architecture)
    OpenAI
    Artificial general intelligence
    """),
    "security": _lines("""
    Ransomware
    RSA (cryptosystem)
    Elliptic-curve cryptography
    Transport Layer Security
    Public-key cryptography
    """),
    "space": _lines("""
    James Webb Space Telescope
    Artemis program
    Mars
    Europa Clipper
    """),
    "physics": _lines("""
    Large Hadron Collider
    Neutrino
    Dark matter
    Muon g-2
    Tokamak
    """),
    "biology": _lines("""
    CRISPR
    Axolotl
    Tardigrade
    Ancient DNA
    """),
}
WIKI_BIO = {
    "qc": _lines("""
    {name} is a physicist known for work on trapped-ion qubits and quantum logic gates.
    {name} is a computer scientist known for quantum algorithms and complexity theory.
    {name} is an engineer who led the development of superconducting qubit processors at {sc_co}.
    {name} is a theorist known for contributions to quantum error-correcting codes.
    {name} co-founded the quantum computing company {qc_co}.
    """),
    "qphys": _lines("""
    {name} is an experimental physicist known for tests of Bell inequalities.
    {name} is a physicist working on optical atomic clocks.
    {name} is a theoretical physicist known for work on quantum gravity.
    {name} is a condensed-matter physicist studying unconventional superconductors.
    """),
    "general": _lines("""
    {name} is a footballer who plays as a midfielder.
    {name} is a novelist and essayist.
    {name} was a 19th-century botanist.
    {name} is a politician who served as mayor of {city}.
    {name} is a jazz pianist and composer.
    """),
}

# Forum furniture.
FORUM_OPEN = _lines("""
Hi all, first post here.
I've been stuck on this for two days.
Sorry if this is a dumb question.
Cross-posting from the Discord since nobody answered there.
Quick question for people who know this area better than me.
""")
FORUM_REPLY = _lines("""
Thanks, that fixed it.
Same issue here, following.
+1, I ran into the same thing last week.
Can you post the full error message?
Which version are you on?
This. Exactly what I was going to say.
Marking this as solved.
Not sure that's right, see the docs.
Good answer, but it depends on your setup.
""")
COMMENTS = _lines("""
Great article, thanks.
I'll believe it when I see it.
Does anyone know when this ships in Europe?
The headline is misleading.
First!
Interesting, but what about the cost?
This site has gone downhill.
Can we get a follow-up on this?
Sources please.
""")
GENERIC_ANCHORS = ("Read more", "Continue reading", "More", "Full story", "»", "Details", "Read on", "more…")

# Wiki entries: subject by title (first matching pattern; the last is the default).
WIKI_RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "qc": (
        (
            r"Shor|Grover|Fourier|phase estimation|HHL|eigensolver|optimization algorithm|Solovay|Gottesman|simulator",
            "qc_algorithms",
        ),
        (r"code|error|[Mm]agic|threshold|Logical|Cat qubit", "qc_error_correction"),
        (r"Trapped|IonQ|Quantinuum", "qc_trapped_ion"),
        (r"Neutral|QuEra|Pasqal|Atom Computing", "qc_neutral_atom"),
        (r"optical|[Bb]oson|PsiQuantum|Xanadu", "qc_photonic"),
        (r"supremacy|volume|Noisy", "qc_advantage"),
        (r"Qiskit|Cirq|PennyLane|Platform|programming|circuit|gate", "qc_software"),
        (r"Initiative|Act$", "qc_policy"),
        (r"D-Wave|annealing|Adiabatic|Timeline|List of|Alice|Rigetti", "qc_industry"),
        (r".", "qc_superconducting"),
    ),
    "other": (
        (r"key distribution|Micius|network", "qkd"),
        (r"Superconductivity|Josephson|Topological|graphene|Majorana", "quantum_materials"),
        (r"Density functional|Coupled cluster", "quantum_chem_classical"),
        (r"[Dd]ot|QLED", "quantum_dots"),
        (r"Solace|Leap|Quantumania|realm|band", "quantum_film"),
        (r"healing|mysticism", "quantum_healing"),
        (r"Corporation", "quantum_corp"),
        (r"Finish", "quantum_marketing"),
        (r"[Cc]rypto|Kyber|NIST", "pqc"),
        (r".", "quantum_physics"),
    ),
}
WIKI_CATEGORY = {
    "qc_algorithms": "Quantum algorithms",
    "qc_error_correction": "Quantum error correction",
    "qc_superconducting": "Quantum computing",
    "qc_trapped_ion": "Trapped-ion quantum computing",
    "qc_neutral_atom": "Neutral-atom quantum computing",
    "qc_photonic": "Photonic quantum computing",
    "qc_advantage": "Quantum computing",
    "qc_software": "Quantum programming",
    "qc_policy": "Science policy",
    "qc_industry": "Quantum computing companies",
    "qc_qday": "Quantum computing",
    "quantum_physics": "Quantum mechanics",
    "quantum_materials": "Condensed matter physics",
    "qkd": "Quantum cryptography",
    "quantum_chem_classical": "Computational chemistry",
    "quantum_dots": "Nanotechnology",
    "quantum_film": "Films",
    "quantum_healing": "Pseudoscience",
    "quantum_corp": "Computer storage companies",
    "quantum_marketing": "Brands",
    "pqc": "Post-quantum cryptography",
    "supercomputing": "Supercomputers",
    "gpus_cloud": "Computer hardware",
    "ai": "Artificial intelligence",
    "security": "Cryptography",
    "space": "Spaceflight",
    "physics": "Particle physics",
    "biology": "Biology",
    "wiki_town": "Populated places",
    "wiki_species": "Fauna of Europe",
    "wiki_album": "Albums",
}
WIKI_BIO_CATEGORY = {"qc": "Quantum information scientists", "qphys": "Physicists"}

# What each host writes about: (slug, name, share of the host's articles, {subject: weight}).
SECTIONS: dict[str, tuple[tuple[str, str, float, dict[str, float]], ...]] = {
    "technews": (
        ("ai", "AI", 0.22, {"ai": 0.85, "ai_hype": 0.15}),
        ("gadgets", "Gadgets", 0.2, {"gadgets": 0.85, "quantum_dots": 0.1, "quantum_marketing": 0.05}),
        ("security", "Security", 0.15, {"security": 0.85, "pqc": 0.1, "qc_qday": 0.05}),
        ("science", "Science", 0.13, {"space": 0.35, "climate": 0.2, "biology": 0.15, "quantum_physics": 0.1,
                                      "physics": 0.08, "qc_superconducting": 0.05, "qc_advantage": 0.03,
                                      "qc_error_correction": 0.02, "qc_trapped_ion": 0.01, "qc_neutral_atom": 0.01}),
        ("business", "Business", 0.15, {"startups": 0.5, "markets": 0.32, "qc_industry": 0.06,
                                        "market_movers": 0.07, "quantum_corp": 0.05}),
        ("gaming", "Gaming", 0.1, {"gaming": 0.85, "quantum_film": 0.05, "entertainment": 0.1}),
        ("policy", "Policy", 0.05, {"policy": 0.85, "qc_policy": 0.15}),
    ),
    "science": (
        ("physics", "Physics", 0.25, {"quantum_physics": 0.38, "quantum_materials": 0.12, "physics": 0.3,
                                      "qc_superconducting": 0.06, "qc_neutral_atom": 0.04, "qc_trapped_ion": 0.04,
                                      "qc_photonic": 0.03, "qc_error_correction": 0.03}),
        ("space", "Space", 0.25, {"space": 1.0}),
        ("life", "Life sciences", 0.2, {"biology": 0.7, "health": 0.3}),
        ("earth", "Earth & climate", 0.13, {"climate": 1.0}),
        ("technology", "Technology", 0.17, {"qc_superconducting": 0.14, "qc_advantage": 0.12,
                                            "qc_error_correction": 0.12, "qc_algorithms": 0.08, "qc_photonic": 0.05,
                                            "qkd": 0.08, "engineering": 0.21, "ai": 0.2}),
    ),
    "university": (
        ("physics", "Physics & Astronomy", 0.2, {"qc_superconducting": 0.1, "qc_trapped_ion": 0.08,
                                                 "qc_neutral_atom": 0.07, "qc_error_correction": 0.08,
                                                 "qc_algorithms": 0.04, "quantum_physics": 0.25,
                                                 "quantum_materials": 0.15, "physics": 0.15, "space": 0.08}),
        ("computer-science", "Computer Science", 0.15, {"qc_algorithms": 0.1, "qc_software": 0.06, "ai": 0.5,
                                                        "security": 0.14, "engineering": 0.2}),
        ("engineering", "Engineering", 0.15, {"engineering": 0.8, "qc_photonic": 0.04, "quantum_dots": 0.08,
                                              "climate": 0.08}),
        ("chemistry", "Chemistry", 0.1, {"quantum_chem_classical": 0.3, "biology": 0.3, "climate": 0.2,
                                         "qc_algorithms": 0.05, "engineering": 0.15}),
        ("medicine", "Medicine", 0.15, {"health": 0.85, "biology": 0.15}),
        ("campus", "Campus life", 0.25, {"campus": 1.0}),
    ),
    "markets": (
        ("stocks", "Stocks", 0.3, {"markets": 0.72, "market_movers": 0.22, "quantum_corp": 0.06}),
        ("tech", "Tech", 0.25, {"ai_hype": 0.2, "gpus_cloud": 0.2, "qc_industry": 0.3, "quantum_corp": 0.04,
                                "markets": 0.26}),
        ("deals", "Deals & IPOs", 0.2, {"startups": 0.8, "qc_industry": 0.2}),
        ("economy", "Economy", 0.25, {"markets": 0.97, "qc_policy": 0.03}),
    ),
    "secblog": (
        ("cryptography", "Cryptography", 0.35, {"pqc": 0.55, "qc_qday": 0.25, "qkd": 0.08, "security": 0.12}),
        ("malware", "Malware", 0.3, {"security": 1.0}),
        ("privacy", "Privacy", 0.15, {"policy": 1.0}),
        ("cloud", "Cloud security", 0.2, {"security": 0.6, "gpus_cloud": 0.4}),
    ),
    "hpc": (
        ("systems", "Systems", 0.3, {"supercomputing": 0.9, "qc_software": 0.05, "qc_superconducting": 0.02,
                                     "quantum_chem_classical": 0.03}),
        ("ai", "AI & GPUs", 0.25, {"gpus_cloud": 0.7, "ai": 0.3}),
        ("cloud", "Cloud", 0.2, {"gpus_cloud": 0.8, "storage": 0.2}),
        ("storage", "Storage", 0.1, {"storage": 0.7, "quantum_corp": 0.3}),
        ("science", "Science", 0.15, {"quantum_chem_classical": 0.3, "climate": 0.25, "supercomputing": 0.35,
                                      "qc_algorithms": 0.05, "qc_software": 0.05}),
    ),
    "forum": (
        ("quantum-computing", "Quantum Computing", 0.12, {"qc_software": 0.35, "qc_algorithms": 0.2,
                                                          "qc_error_correction": 0.15, "qc_superconducting": 0.1,
                                                          "qc_industry": 0.1, "qc_trapped_ion": 0.05,
                                                          "qc_neutral_atom": 0.05}),
        ("physics", "Physics", 0.18, {"quantum_physics": 0.45, "physics": 0.4, "quantum_materials": 0.1,
                                      "qc_advantage": 0.05}),
        ("programming", "Programming", 0.3, {"programming": 0.95, "qc_software": 0.05}),
        ("hardware", "Hardware", 0.2, {"gpus_cloud": 0.6, "gadgets": 0.3, "quantum_dots": 0.1}),
        ("security", "Security", 0.1, {"pqc": 0.5, "security": 0.4, "qc_qday": 0.1}),
        ("lounge", "Lounge", 0.1, {"lifestyle": 0.3, "quantum_healing": 0.15, "entertainment": 0.25,
                                   "market_movers": 0.2, "quantum_film": 0.1}),
    ),
    "consumer": (
        ("tv", "TV & Audio", 0.3, {"gadgets": 0.4, "quantum_dots": 0.6}),
        ("wellness", "Wellness", 0.25, {"lifestyle": 0.5, "quantum_healing": 0.3, "health": 0.2}),
        ("movies", "Movies & TV", 0.25, {"entertainment": 0.7, "quantum_film": 0.3}),
        ("deals", "Deals", 0.2, {"gadgets": 0.5, "quantum_marketing": 0.3, "lifestyle": 0.2}),
    ),
}  # fmt: skip
TICKERS = {"IonQ": "IONQ", "Rigetti": "RGTI", "D-Wave": "QBTS", "Quantinuum": "HON", "Honeywell": "HON", "IBM": "IBM",
           "Quantum Computing Inc.": "QUBT", "Quantum Corp": "QMCO", "Microsoft": "MSFT", "Nvidia": "NVDA",
           "Google": "GOOGL", "Amazon": "AMZN", "Intel": "INTC"}  # fmt: skip

# Forum thread titles per subject (others fall back to a posted headline).
FORUM_TITLES = _slots("""
qc_software: {sw} transpile() takes forever on a 100-qubit circuit | Job stuck in queue on {cloud}, normal?
qc_software: How do I get counts from a mid-circuit measurement in {sw}? | {sw} vs {sw2} for a beginner?
qc_software: Simulator runs out of memory at 34 qubits | Noise model results don't match hardware at all
qc_algorithms: Is Grover actually useful for anything practical? | How many qubits would Shor need for RSA-2048?
qc_algorithms: VQE energy not converging for H2 molecule | Intuition for phase estimation?
qc_algorithms: Good intro to QAOA that isn't a 40-page paper?
qc_error_correction: Why does the surface code need so many physical qubits? | What does below threshold mean exactly?
qc_error_correction: Decoder latency for real-time QEC | Are qLDPC codes going to replace the surface code?
qc_superconducting: Why do transmons need millikelvin temperatures? | How does {sc_co} wire up {n_qubits} qubits?
qc_superconducting: T1 vs T2, what's the difference in practice?
qc_trapped_ion: Trapped ions vs superconducting qubits, which will win? | Why are ion-trap gates so slow?
qc_neutral_atom: Are neutral atoms overhyped? | How do optical tweezers move atoms mid-circuit?
qc_industry: Is IonQ overvalued? | Anyone here work at a quantum startup? What's it like?
qc_industry: Career advice: quantum hardware or stay in classical chip design?
qc_advantage: Did Google really achieve quantum supremacy? | Classical spoofing of random circuit sampling explained?
qc_qday: When will RSA actually be broken? | Realistic timeline for a cryptographically relevant machine?
quantum_physics: Homework: particle in a box normalisation | Does entanglement allow faster-than-light signalling?
quantum_physics: Good textbook for self-studying quantum mechanics? | Why is measurement special?
physics: Why can't we see dark matter? | Help with a Lagrangian mechanics problem
quantum_materials: Is LK-99 dead? | ELI5 topological insulators
programming: {lang} import error after upgrading {tool} | Segfault only in release build
programming: {tool} keeps crashing on startup | How do I profile {lang} code? | {tool}: permission denied
programming: Cannot install {tool} behind a corporate proxy | Best way to structure a {lang} project?
programming: Memory leak in a long-running {lang} service | Tests pass locally but fail in CI with {tool}
gpus_cloud: Build check: dual {gpu} workstation | Cloud GPU pricing is insane, alternatives?
gpus_cloud: Which GPU for local LLMs on a budget? | {gpu} worth it for a home lab?
gadgets: Phone battery drains overnight | Best earbuds for running?
quantum_dots: QLED or OLED for a bright living room? | Is QD-OLED burn-in a real concern?
pqc: Should I enable ML-KEM on our TLS terminators now? | Post-quantum VPN options?
security: Got hit by ransomware, what now? | Passkeys vs hardware keys?
lifestyle: Best hiking trails near {place}? | Sourdough starter not rising
quantum_healing: My aunt paid for quantum healing sessions, is this a scam?
entertainment: {show} finale discussion (spoilers) | What are you watching this week?
market_movers: IONQ calls, thoughts? | Anyone still holding QBTS after the drop?
quantum_film: Quantum of Solace is underrated, fight me
""")

# Variations of a headline a host has already used (news sites do run "the same" story again).
TITLE_PREFIXES = _lines("""
Analysis:
Opinion:
Explainer:
Exclusive:
Update:
Podcast:
Week in review:
In depth:
Q&A:
Briefing:
Watch:
Newsletter:
""")
TITLE_SUFFIXES = _lines("""
, report says
, sources say
— what it means
: what we know
, experts say
— and why it matters
, {person} says
— again
: the numbers
""")
FORUM_SUFFIXES = _lines("""
(again)
[solved]
- help please
??
on Ubuntu 24.04
after update
on Windows 11
- any ideas?
""")

# Slots that keep one value throughout an article (its company, chip, lab, ...); the others vary.
ENTITY_SLOTS = _words(
    """sc_co sc_chip ion_co ion_sys atom_co atom_sys photo_co photo_sys qc_co qc_co2 lab cloud sw country company_gen
    product_gen gadget gadget_co tv_brand tv_model ai_co ai_model malware vendor mission planet species game show super
    gpu ticker bigco molecule platform qec_code n_qubits n_ion n_atoms n_logical money money_big investor series
    gov_agency app place dish lang tool"""
)

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Transfers {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @title DevnetSwapRouter
/// @notice Constant-product pools (x * y = k, 0.3% fee) for the local development network only, behind
/// one router that is also the spender users approve, as the 1inch router is on public chains. The
/// local aggregator quotes from `getAmountOut` and builds `swap` calls. Native ETH is the 1inch
/// placeholder address. Anyone may add liquidity; nobody can take it out (a devnet needs no exit).
contract DevnetSwapRouter {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint256 public constant FEE_BPS = 30;

    /// @notice reserves[a][b]: how much of `a` the a/b pool holds.
    mapping(address => mapping(address => uint256)) public reserves;
    uint256 private unlocked = 1;

    event LiquidityAdded(address indexed tokenA, address indexed tokenB, uint256 amountA, uint256 amountB);
    event Swapped(
        address indexed sender,
        address indexed tokenIn,
        address indexed tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        address recipient
    );

    error NoPool(address tokenIn, address tokenOut);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error WrongValue(uint256 sent, uint256 expected);
    error TransferFailed(address token);
    error Reentrancy();
    error ZeroAmount();

    modifier lock() {
        if (unlocked != 1) revert Reentrancy();
        unlocked = 2;
        _;
        unlocked = 1;
    }

    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) external payable lock {
        if (amountA == 0 || amountB == 0) revert ZeroAmount();
        uint256 nativeIn = (tokenA == NATIVE ? amountA : 0) + (tokenB == NATIVE ? amountB : 0);
        if (msg.value != nativeIn) revert WrongValue(msg.value, nativeIn);
        if (tokenA != NATIVE) _pull(tokenA, amountA);
        if (tokenB != NATIVE) _pull(tokenB, amountB);
        reserves[tokenA][tokenB] += amountA;
        reserves[tokenB][tokenA] += amountB;
        emit LiquidityAdded(tokenA, tokenB, amountA, amountB);
    }

    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        uint256 reserveIn = reserves[tokenIn][tokenOut];
        uint256 reserveOut = reserves[tokenOut][tokenIn];
        if (reserveIn == 0 || reserveOut == 0) revert NoPool(tokenIn, tokenOut);
        uint256 inWithFee = amountIn * (10_000 - FEE_BPS);
        return (inWithFee * reserveOut) / (reserveIn * 10_000 + inWithFee);
    }

    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient)
        external
        payable
        lock
        returns (uint256 amountOut)
    {
        if (amountIn == 0) revert ZeroAmount();
        amountOut = getAmountOut(tokenIn, tokenOut, amountIn);
        if (amountOut < minAmountOut || amountOut == 0) revert InsufficientOutput(amountOut, minAmountOut);
        uint256 expectedValue = tokenIn == NATIVE ? amountIn : 0;
        if (msg.value != expectedValue) revert WrongValue(msg.value, expectedValue);
        if (tokenIn != NATIVE) _pull(tokenIn, amountIn);
        reserves[tokenIn][tokenOut] += amountIn;
        reserves[tokenOut][tokenIn] -= amountOut;
        if (tokenOut == NATIVE) {
            (bool ok,) = recipient.call{value: amountOut}("");
            if (!ok) revert TransferFailed(NATIVE);
        } else if (!IERC20Transfers(tokenOut).transfer(recipient, amountOut)) {
            revert TransferFailed(tokenOut);
        }
        emit Swapped(msg.sender, tokenIn, tokenOut, amountIn, amountOut, recipient);
    }

    function _pull(address token, uint256 amount) private {
        if (!IERC20Transfers(token).transferFrom(msg.sender, address(this), amount)) revert TransferFailed(token);
    }
}

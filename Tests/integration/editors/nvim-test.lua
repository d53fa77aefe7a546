-- Drives a headless Neovim (0.7 or later) the way a user would, after a README configuration (the init file)
-- has started flowlint for the Swift file given on the command line: wait for the finding, open the code action
-- menu on it and pick an action by title (vim.ui.select, which the menu goes through, picks it), wait for the
-- finding to be gone, write the file and quit. Exits 0 when every step happened, 1 when one did not (its line
-- on standard output says which); editors.sh checks the file afterwards.
--
-- From the environment: EDITOR_TEST_RULE (the rule id expected), EDITOR_TEST_LINE (its line, from 1),
-- EDITOR_TEST_ACTION (text in the title of the action to pick), EDITOR_TEST_WAIT_MS (how long each wait may take).

local rule = assert(os.getenv('EDITOR_TEST_RULE'), 'EDITOR_TEST_RULE')
local line = assert(tonumber(os.getenv('EDITOR_TEST_LINE')), 'EDITOR_TEST_LINE')
local wanted = assert(os.getenv('EDITOR_TEST_ACTION'), 'EDITOR_TEST_ACTION')
local wait_ms = tonumber(os.getenv('EDITOR_TEST_WAIT_MS') or '') or 30000

local function say(message)
  -- A line of its own: Neovim's messages on the same stream end without a line break.
  io.stdout:write('\nnvim: ' .. message .. '\n')
  io.stdout:flush()
end

local function fail(message)
  say('FAILED: ' .. message)
  vim.cmd('cquit 1')
end

-- The clients attached to the current buffer (vim.lsp.get_clients is 0.10 and later).
local function clients()
  local list = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.tbl_values(vim.lsp.buf_get_clients(0))
  return table.concat(vim.tbl_map(function(client) return client.name end, list), ', ')
end

local function describe(diagnostics)
  local parts = {}
  for _, d in ipairs(diagnostics) do
    table.insert(parts, string.format('%s:%d %s', tostring(d.code), d.lnum + 1, tostring(d.source)))
  end
  return #parts == 0 and 'none' or table.concat(parts, '; ')
end

local function findings()
  return vim.tbl_filter(function(d) return d.source == 'flowlint' and d.code == rule end, vim.diagnostic.get(0))
end

local function run()
  say('Neovim ' .. tostring(vim.version().major) .. '.' .. vim.version().minor .. '.' .. vim.version().patch)

  local finding
  vim.wait(wait_ms, function()
    finding = vim.tbl_filter(function(d) return d.lnum == line - 1 end, findings())[1]
    return finding ~= nil
  end, 50)
  if not finding then
    return fail(string.format('no %s finding at line %d within %d ms (diagnostics: %s; clients: %s)',
      rule, line, wait_ms, describe(vim.diagnostic.get(0)), clients() == '' and 'none' or clients()))
  end
  say(string.format('%s reported at line %d, column %d', rule, finding.lnum + 1, finding.col + 1))

  -- The code action menu: take the action whose title has the wanted text, as a user picking it would.
  local offered, picked, menu_shown = {}, nil, false
  vim.ui.select = function(items, opts, on_choice)
    menu_shown = true
    local choice
    for _, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or tostring(item)
      table.insert(offered, title)
      if not choice and title:find(wanted, 1, true) then
        choice, picked = item, title
      end
    end
    on_choice(choice)
  end
  vim.api.nvim_win_set_cursor(0, { finding.lnum + 1, finding.col })
  vim.lsp.buf.code_action()
  vim.wait(wait_ms, function() return menu_shown end, 50)
  if not menu_shown then
    return fail('no code action menu within ' .. wait_ms .. ' ms')
  end
  if not picked then
    return fail('no action titled "' .. wanted .. '" among: ' .. table.concat(offered, ' | '))
  end
  say('applied "' .. picked .. '" (offered: ' .. table.concat(offered, ' | ') .. ')')

  -- The server lints the edited text again and publishes findings without this one.
  vim.wait(wait_ms, function() return #findings() == 0 end, 50)
  if #findings() ~= 0 then
    return fail('the finding is still reported ' .. wait_ms .. ' ms after the edit: ' .. describe(findings()))
  end
  say('the finding is gone after the edit')

  vim.cmd('silent write')
  say('wrote ' .. vim.fn.expand('%:t'))
  vim.cmd('qall!')
end

local ok, err = pcall(run)
if not ok then
  fail('error: ' .. tostring(err))
end

-- Drives `kifu lsp` from a real Neovim (0.7.2 and newer) whose init file is one of the
-- README's snippets (which starts `kifu` from PATH): open a PGN file with errors,
-- receive diagnostics and a hover, edit, and see the diagnostics follow. Writes what it saw
-- to $KIFU_OUT, one fact a line; the Rust test checks them.
local file, out = os.getenv("KIFU_FILE"), os.getenv("KIFU_OUT")
local lines = {}
local function say(s) table.insert(lines, s) end
local function finish()
  local f = io.open(out, "w")
  f:write(table.concat(lines, "\n") .. "\n")
  f:close()
  vim.cmd("qa!")
end

vim.cmd("edit " .. file)
local buf = vim.api.nvim_get_current_buf()
say("filetype " .. vim.bo[buf].filetype)
local client
if not vim.wait(20000, function()
  client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf)) or 0]
  return client ~= nil
end, 50) then
  say("no client attached")
  return finish()
end
say("client " .. client.name)

local function count() return #vim.diagnostic.get(buf) end
if not vim.wait(20000, function() return count() > 0 end, 50) then
  say("no diagnostics")
  return finish()
end
say("diagnostics " .. count())
local diagnostics = vim.diagnostic.get(buf)
table.sort(diagnostics, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
for _, d in ipairs(diagnostics) do
  say("at " .. d.lnum .. ":" .. d.col)
end

local uri = vim.uri_from_bufnr(buf)
local hover = client.request_sync("textDocument/hover",
  { textDocument = { uri = uri }, position = { line = 2, character = 3 } }, 10000, buf)
say("hover " .. ((hover and hover.result and hover.result.contents.value) or "none"):gsub("\n", " "))

-- Delete `oh? ` (line 20, 0-based 19, columns 42..46): one error less.
vim.api.nvim_buf_set_text(buf, 19, 42, 19, 46, {})
if vim.wait(20000, function() return count() == 2 end, 50) then
  say("after edit " .. count())
else
  say("after edit still " .. count())
end
client.stop()
vim.wait(5000, function() return client.is_stopped() end, 50)
say("stopped " .. tostring(client.is_stopped()))
finish()

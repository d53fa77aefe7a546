let a = b<#c#>
let d = e <#f
